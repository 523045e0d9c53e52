package mojibake_test

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/mojibake"
)

func ExampleFix() {
	fmt.Println(mojibake.Fix("CrÃ¨me brÃ»lÃ©e"))             // UTF-8 read as windows-1252
	fmt.Println(mojibake.Fix("Ð\u009fÑ\u0080Ð¸Ð²ÐµÑ\u0082")) // the same, as ISO-8859-1 shows it
	fmt.Println(mojibake.Fix("Ïðèâåò, ìèð!"))                // windows-1251 read as windows-1252
	fmt.Println(mojibake.Fix("NÃO, déjà vu"))                // clean text stays as it is
	// Output:
	// Crème brûlée
	// Привет
	// Привет, мир!
	// NÃO, déjà vu
}

func ExampleExplain() {
	fixed, steps := mojibake.Explain("He said â€œhelloâ€\u009d to JosÃƒÂ©.")
	fmt.Println(fixed)
	for _, s := range steps {
		fmt.Println(s)
	}
	// Output:
	// He said “hello” to José.
	// bytes 8–42: encoded as windows-1252, decoded as UTF-8, then encoded as windows-1252, decoded as UTF-8
}

func ExampleNewFixer() {
	in := strings.NewReader("first line: cafÃ©\nsecond line: “ú–{Œê‚Ì•¶Žš\n")
	out, err := io.ReadAll(transform.NewReader(in, mojibake.NewFixer()))
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(string(out))
	// Output:
	// first line: café
	// second line: 日本語の文字
}

// A short line says too little alone; in a document, the lines around it
// tell its history (windows-1250 text read as windows-1252), within
// mojibake.WindowSize bytes.
func ExampleFix_document() {
	short := "Dobrý veèer."
	fmt.Println(mojibake.Fix(short))
	fmt.Print(mojibake.Fix("Vèera veèer jsme šli do divadla a potom na veèeøi s pøáteli.\n" + short + "\n"))
	// Output:
	// Dobrý veèer.
	// Včera večer jsme šli do divadla a potom na večeři s přáteli.
	// Dobrý večer.
}
