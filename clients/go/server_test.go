package stateful_test

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// server is one `java -jar stateful.jar serve` started by the tests on a free loopback port.
type server struct {
	addr string
	cmd  *exec.Cmd
	dir  string // TLS files, when started with TLS
}

var (
	servers   = map[string]*server{}
	serversMu sync.Mutex
	listening = regexp.MustCompile(`serving stateful\.v1 on [^:]+:(\d+)`)
)

func jar() string {
	if j := os.Getenv("STATEFUL_JAR"); j != "" {
		return j
	}
	return filepath.Join("..", "..", "app", "target", "stateful.jar")
}

// serve starts (once per name) a server with the web example and the given flags, and returns it.
func serve(t testing.TB, name string, flags ...string) *server {
	t.Helper()
	serversMu.Lock()
	defer serversMu.Unlock()
	if s, ok := servers[name]; ok {
		return s
	}
	if _, err := os.Stat(jar()); err != nil {
		t.Fatalf("the server jar is missing (build it with ./mvnw -q package -DskipTests, or set STATEFUL_JAR): %v", err)
	}
	java := os.Getenv("JAVA")
	if java == "" {
		java = "java"
	}
	args := append([]string{"-jar", jar(), "serve", "--port", "0", "--bind", "127.0.0.1",
		"--file", filepath.Join("..", "..", "examples", "web.yaml"), "--time-scale", "50"}, flags...)
	cmd := exec.Command(java, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", java, err)
	}
	port := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				port <- m[1]
			}
		}
	}()
	select {
	case p := <-port:
		s := &server{addr: net.JoinHostPort("127.0.0.1", p), cmd: cmd}
		servers[name] = s
		return s
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("serve did not start listening within 60 s")
		return nil
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, s := range servers {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
		if s.dir != "" {
			_ = os.RemoveAll(s.dir)
		}
	}
	os.Exit(code)
}

// tlsFiles writes a self-signed certificate for 127.0.0.1 and its PKCS#8 key (what serve reads).
func tlsFiles(t testing.TB) (dir, cert, key string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "stateful-go-tls")
	if err != nil {
		t.Fatal(err)
	}
	priv, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "stateful test server"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &priv.PublicKey, priv)
	if err != nil {
		t.Fatal(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	cert = filepath.Join(dir, "server.pem")
	key = filepath.Join(dir, "server.key")
	write(t, cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	write(t, key, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}))
	return dir, cert, key
}

func write(t testing.TB, file string, data []byte) {
	t.Helper()
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

const testToken = "go-client-test-token"

// secured is a server that requires TLS and a bearer token; it returns the server and its CA file.
func secured(t testing.TB) (*server, string) {
	t.Helper()
	serversMu.Lock()
	s, ok := servers["secured"]
	serversMu.Unlock()
	if ok {
		return s, filepath.Join(s.dir, "server.pem")
	}
	dir, cert, key := tlsFiles(t)
	token := filepath.Join(dir, "token")
	write(t, token, []byte(testToken+"\n"))
	s = serve(t, "secured", "--tls-cert", cert, "--tls-key", key, "--token-file", token)
	s.dir = dir
	return s, cert
}

func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return c
}

func mustReadExample(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "web.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func replaceOnce(t testing.TB, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("%q not in the manifest", old)
	}
	return strings.Replace(s, old, new, 1)
}
