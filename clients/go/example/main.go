// Command example asks a running `stateful serve` what the controller would do for a StatefulSet
// of 3 replicas on a fresh cluster, then scales the served "web" set and follows the rollout.
//
//	java -jar app/target/stateful.jar serve --file examples/web.yaml &
//	go run ./example -server 127.0.0.1:50051 [-token-file F] [-ca F]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	stateful "stateful.dev/clients/go"
	"stateful.dev/clients/go/statefulv1"
)

const set = `{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"demo"},
 "spec":{"selector":{"matchLabels":{"app":"demo"}},"serviceName":"demo","replicas":3,
  "template":{"metadata":{"labels":{"app":"demo"}},"spec":{"containers":[{"name":"app","image":"nginx:1.25"}]}}}}`

func main() {
	server := flag.String("server", "127.0.0.1:50051", "the server")
	tokenFile := flag.String("token-file", "", "bearer token file")
	ca := flag.String("ca", "", "PEM CA of the server's TLS certificate (enables TLS)")
	replicas := flag.Int("replicas", 4, "scale web to this many replicas")
	flag.Parse()

	var opts []stateful.Option
	if *tokenFile != "" {
		token, err := os.ReadFile(*tokenFile)
		if err != nil {
			log.Fatal(err)
		}
		opts = append(opts, stateful.WithToken(strings.TrimSpace(string(token))))
	}
	if *ca != "" {
		opts = append(opts, stateful.WithCAFile(*ca))
	}
	client, err := stateful.Dial(*server, opts...)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	plan, err := client.Plan(ctx, &statefulv1.PlanRequest{StatefulSet: &statefulv1.KubeObject{Json: set}})
	if err != nil {
		log.Fatalf("plan: %v", err)
	}
	for _, a := range plan.GetActions() {
		fmt.Println("would:", a.GetDescription())
	}
	for _, w := range plan.GetWaits() {
		fmt.Println("then waits:", w.GetReason())
	}

	web := stateful.Ref("", "web")
	if _, err := client.ScaleTo(ctx, web, int32(*replicas)); err != nil {
		log.Fatalf("scale: %v", err)
	}
	for ev, err := range client.WatchRollout(ctx, web) {
		if err != nil {
			log.Fatalf("watch: %v", err)
		}
		switch e := ev.GetEvent().(type) {
		case *statefulv1.RolloutEvent_Progress:
			fmt.Println(e.Progress.GetMessage())
		case *statefulv1.RolloutEvent_Done:
			fmt.Println(e.Done.GetMessage())
		case *statefulv1.RolloutEvent_Stuck:
			log.Fatalf("stuck: %s", e.Stuck.GetReason())
		}
	}
}
