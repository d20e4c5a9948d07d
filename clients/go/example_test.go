package stateful_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The example runs as documented against the real server.
func TestTheExampleRunsAgainstTheServer(t *testing.T) {
	s := serve(t, "example")
	out, err := exec.Command("go", "run", "./example", "-server", s.addr, "-replicas", "5").CombinedOutput()
	if err != nil {
		t.Fatalf("go run ./example: %v\n%s", err, out)
	}
	for _, want := range []string{"would: create", "then waits:", "roll out complete"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the example printed no %q:\n%s", want, out)
		}
	}
}
