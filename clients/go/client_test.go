package stateful_test

import (
	"context"
	"crypto/tls"
	"fmt"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	stateful "stateful.dev/clients/go"
	"stateful.dev/clients/go/statefulv1"
)

func dial(t testing.TB, s *server, opts ...stateful.Option) *stateful.Client {
	t.Helper()
	c, err := stateful.Dial(s.addr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func code(err error) codes.Code {
	return status.Code(err)
}

func TestPlanOfAFreshSetCreatesTheRevisionAndTheFirstPodWithItsClaim(t *testing.T) {
	c := dial(t, serve(t, "plain"))

	plan, err := c.Plan(ctx(t), &statefulv1.PlanRequest{StatefulSet: &statefulv1.KubeObject{Json: webJSON(3, "nginx:1.25")}})
	if err != nil {
		t.Fatal(err)
	}
	var types []statefulv1.ActionType
	for _, a := range plan.GetActions() {
		types = append(types, a.GetType())
	}
	if !plan.GetValid() || len(types) < 2 || types[0] != statefulv1.ActionType_ACTION_TYPE_CREATE_REVISION {
		t.Fatalf("want a valid plan that creates the revision first, got valid=%v %v", plan.GetValid(), types)
	}
	// Parallel: every pod is created at once, each with its claim
	creates := 0
	for _, a := range plan.GetActions() {
		if a.GetType() == statefulv1.ActionType_ACTION_TYPE_CREATE_POD {
			creates++
			if want := "www-" + a.GetPod(); len(a.GetCreateClaims()) != 1 || a.GetCreateClaims()[0] != want {
				t.Errorf("%s: claims %v, want [%s]", a.GetPod(), a.GetCreateClaims(), want)
			}
		}
	}
	if creates != 3 {
		t.Errorf("want 3 pods created, got %d", creates)
	}
}

func TestPlanOfASteadySetInTheTypedProjectionDoesNothing(t *testing.T) {
	c := dial(t, serve(t, "plain"))

	req, err := steadyRequest(ctx(t), c, 100)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := c.Plan(ctx(t), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.GetActions()) != 0 {
		t.Fatalf("a steady set needs nothing, got %d actions, first %v", len(plan.GetActions()), plan.GetActions()[0])
	}
	if got := plan.GetStatus().GetReadyReplicas(); got != 100 {
		t.Errorf("ready replicas %d, want 100", got)
	}
}

func TestValidateNamesEveryProblemWithItsFieldPath(t *testing.T) {
	c := dial(t, serve(t, "plain"))

	resp, err := c.ValidateJSON(ctx(t), strings.Replace(webJSON(3, "nginx:1.25"), `"replicas":3`, `"replicas":-1,"replicaz":2`, 1))
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]statefulv1.ViolationType{}
	for _, v := range resp.GetViolations() {
		fields[v.GetField()] = v.GetType()
	}
	if resp.GetValid() || fields["spec.replicas"] != statefulv1.ViolationType_VIOLATION_TYPE_INVALID ||
		fields["spec.replicaz"] != statefulv1.ViolationType_VIOLATION_TYPE_UNKNOWN_FIELD {
		t.Fatalf("want spec.replicas invalid and spec.replicaz unknown, got valid=%v %v", resp.GetValid(), fields)
	}
}

func TestApplyIsAllOrNothingAndNamesTheProblemsAsBadRequestDetails(t *testing.T) {
	c := dial(t, serve(t, "plain"))
	manifest := replaceOnce(t, mustReadExample(t), "metadata:\n  name: web\n", "metadata:\n  name: db\n")
	manifest = replaceOnce(t, manifest, "metadata:\n  name: nginx\n", "metadata:\n  name: db-svc\n")
	broken := replaceOnce(t, manifest, "replicas: 3", "replicas: -1")

	_, err := c.ApplyYAML(ctx(t), "", broken)
	if code(err) != codes.InvalidArgument {
		t.Fatalf("want INVALID_ARGUMENT, got %v", err)
	}
	violations := stateful.Violations(err)
	if len(violations) != 1 || violations[0].GetField() != "documents[2].spec.replicas" {
		t.Fatalf("want one violation at documents[2].spec.replicas, got %v", violations)
	}
	if _, err := c.GetStatefulSet(ctx(t), &statefulv1.GetStatefulSetRequest{Ref: stateful.Ref("", "db")}); code(err) != codes.NotFound {
		t.Fatalf("nothing should have been applied, GetStatefulSet(db) = %v", err)
	}

	applied, err := c.ApplyYAML(ctx(t), "", manifest)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied.GetApplied()) != 2 || applied.GetApplied()[1].GetRef().GetName() != "db" || !applied.GetApplied()[1].GetCreated() {
		t.Fatalf("want the Service and the set db created, got %v", applied.GetApplied())
	}
}

func TestScaleThenWatchRolloutUntilDone(t *testing.T) {
	c := dial(t, serve(t, "plain"))
	ref := stateful.Ref("", "web")

	set, err := c.ScaleTo(ctx(t), ref, 4)
	if err != nil {
		t.Fatal(err)
	}
	if set.GetDesiredReplicas() != 4 {
		t.Fatalf("desired replicas %d, want 4", set.GetDesiredReplicas())
	}
	var done *statefulv1.RolloutDone
	var progress int
	for ev, err := range c.WatchRollout(ctx(t), ref) {
		if err != nil {
			t.Fatal(err)
		}
		if p := ev.GetProgress(); p != nil {
			progress++
		}
		if d := ev.GetDone(); d != nil {
			done = d
		}
		if s := ev.GetStuck(); s != nil {
			t.Fatalf("the rollout got stuck: %s", s.GetReason())
		}
	}
	if done == nil || done.GetStatus().GetReadyReplicas() != 4 {
		t.Fatalf("want the stream to end with done and 4 ready, got %v after %d progress events", done, progress)
	}
	got, err := c.GetStatefulSet(ctx(t), &statefulv1.GetStatefulSetRequest{Ref: ref})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.GetPods()) != 4 || got.GetStatefulSet().GetObject() != nil {
		t.Fatalf("want 4 pods and no whole object unless asked, got %d pods, object %v", len(got.GetPods()), got.GetStatefulSet().GetObject() != nil)
	}
}

func TestBreakingOutOfWatchRolloutEndsTheStream(t *testing.T) {
	c := dial(t, serve(t, "plain"))

	events := 0
	for _, err := range c.WatchRollout(ctx(t), stateful.Ref("", "web"), nil...) {
		if err != nil {
			t.Fatal(err)
		}
		events++
		break
	}
	if events != 1 {
		t.Fatalf("want exactly one event before break, got %d", events)
	}
}

func TestCancellingTheContextEndsWatchRolloutWithoutAnError(t *testing.T) {
	c := dial(t, serve(t, "plain"))
	cancelled, cancel := context.WithCancel(ctx(t))
	cancel()

	for _, err := range c.WatchRollout(cancelled, stateful.Ref("", "web")) {
		if err != nil {
			t.Fatalf("the caller cancelled: want the iteration to end, got %v", err)
		}
	}
}

func TestAPlanLargerThanGrpcGosDefaultReceiveLimitArrives(t *testing.T) {
	c := dial(t, serve(t, "plain"))

	// 1,000 pods created at once (what one sync creates at most), each with its object and 40 variables:
	// more than grpc-go's 4 MiB default
	var env []string
	for i := 0; i < 40; i++ {
		env = append(env, fmt.Sprintf(`{"name":"SETTING_%02d","value":"%s"}`, i, strings.Repeat("v", 80)))
	}
	set := strings.Replace(webJSON(1000, "nginx:1.25"), `"image":"nginx:1.25"`, `"image":"nginx:1.25","env":[`+strings.Join(env, ",")+`]`, 1)
	plan, err := c.Plan(ctx(t), &statefulv1.PlanRequest{StatefulSet: &statefulv1.KubeObject{Json: set}})
	if err != nil {
		t.Fatal(err)
	}
	if size := proto.Size(plan); size <= 4<<20 {
		t.Fatalf("the plan is %d bytes: not past the 4 MiB default, the test proves nothing", size)
	}
}

func TestErrorsAreStandardStatusCodes(t *testing.T) {
	c := dial(t, serve(t, "plain"))

	_, notFound := c.ScaleTo(ctx(t), stateful.Ref("prod", "web"), 1)
	_, negative := c.ScaleTo(ctx(t), stateful.Ref("", "web"), -1)
	_, undecodable := c.Plan(ctx(t), &statefulv1.PlanRequest{StatefulSet: &statefulv1.KubeObject{Json: "not json"}})
	_, unknownPartition := c.SetPartition(ctx(t), &statefulv1.SetPartitionRequest{Ref: stateful.Ref("", "nope"), Partition: 1})

	if code(notFound) != codes.NotFound {
		t.Errorf("unknown set: %v", notFound)
	}
	if code(negative) != codes.InvalidArgument || len(stateful.Violations(negative)) != 1 || stateful.Violations(negative)[0].GetField() != "spec.replicas" {
		t.Errorf("negative replicas: %v", negative)
	}
	if code(undecodable) != codes.InvalidArgument || stateful.Violations(undecodable)[0].GetField() != "stateful_set" {
		t.Errorf("undecodable set: %v", undecodable)
	}
	if code(unknownPartition) != codes.NotFound {
		t.Errorf("partition of an unknown set: %v", unknownPartition)
	}
	stream := c.WatchRollout(ctx(t), stateful.Ref("", "nope"), nil...)
	for _, err := range stream {
		if code(err) != codes.NotFound {
			t.Errorf("watching an unknown set: %v", err)
		}
	}
}

func TestASecuredServerNeedsTLSAndTheRightToken(t *testing.T) {
	s, ca := secured(t)
	list := func(c *stateful.Client) error {
		_, err := c.ListStatefulSets(ctx(t), &statefulv1.ListStatefulSetsRequest{})
		return err
	}

	noToken := list(dial(t, s, stateful.WithCAFile(ca)))
	wrongToken := list(dial(t, s, stateful.WithCAFile(ca), stateful.WithToken("guess")))
	untrusted := list(dial(t, s, stateful.WithTLS(&tls.Config{MinVersion: tls.VersionTLS12}), stateful.WithToken(testToken)))
	allowed := list(dial(t, s, stateful.WithCAFile(ca), stateful.WithToken(testToken)))

	if code(noToken) != codes.Unauthenticated || code(wrongToken) != codes.Unauthenticated {
		t.Errorf("want UNAUTHENTICATED without or with a wrong token, got %v / %v", noToken, wrongToken)
	}
	if code(untrusted) != codes.Unavailable {
		t.Errorf("a server certificate the client does not trust must fail the call, got %v", untrusted)
	}
	if allowed != nil {
		t.Errorf("with TLS and the token: %v", allowed)
	}
}

func TestRolloutVerbsSetImagePauseAndResume(t *testing.T) {
	c := dial(t, serve(t, "verbs"))
	ref := stateful.Ref("", "web")
	for _, err := range c.WatchRollout(ctx(t), ref) {
		if err != nil {
			t.Fatal(err)
		}
	}

	if _, err := c.Pause(ctx(t), &statefulv1.PauseRequest{Ref: ref}); err != nil {
		t.Fatal(err)
	}
	img, err := c.SetImage(ctx(t), &statefulv1.SetImageRequest{Ref: ref, Images: map[string]string{"nginx": "registry.k8s.io/nginx-slim:0.9"}})
	if err != nil {
		t.Fatal(err)
	}
	if img.GetStatefulSet().GetImages()[0] != "registry.k8s.io/nginx-slim:0.9" || img.GetStatefulSet().GetPartition() != 3 {
		t.Fatalf("want the new image held at partition 3, got %v", img.GetStatefulSet())
	}
	resumed, err := c.Resume(ctx(t), &statefulv1.ResumeRequest{Ref: ref})
	if err != nil {
		t.Fatal(err)
	}
	if resumed.GetStatefulSet().GetPartition() != 0 || resumed.GetMessage() != "statefulset.apps/web resumed" {
		t.Fatalf("want partition 0 again, got %v", resumed)
	}
	_, again := c.Resume(ctx(t), &statefulv1.ResumeRequest{Ref: ref})
	if code(again) != codes.FailedPrecondition {
		t.Fatalf("resuming twice: %v", again)
	}
	deadline := durationpb.New(2 * time.Minute)
	stream, err := c.StatefulSetServiceClient.WatchRollout(ctx(t), &statefulv1.WatchRolloutRequest{Ref: ref, ProgressDeadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	for {
		ev, err := stream.Recv()
		if err != nil {
			t.Fatalf("the stream ended before done: %v", err)
		}
		if ev.GetDone() != nil {
			break
		}
	}
}
