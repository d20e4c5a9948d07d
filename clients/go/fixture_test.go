package stateful_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	stateful "stateful.dev/clients/go"
	"stateful.dev/clients/go/statefulv1"
)

// planNow is the time every Plan of the tests is made at.
var planNow = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// webJSON is the nginx web StatefulSet with n replicas and one claim template, as kubectl prints it.
func webJSON(n int, image string) string {
	return fmt.Sprintf(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web","namespace":"default"},
 "spec":{"selector":{"matchLabels":{"app":"nginx"}},"serviceName":"nginx","replicas":%d,"podManagementPolicy":"Parallel",
  "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":%q}]}},
  "volumeClaimTemplates":[{"metadata":{"name":"www"},"spec":{"accessModes":["ReadWriteOnce"],
   "resources":{"requests":{"storage":"1Gi"}}}}]}}`, n, image)
}

type object struct {
	Metadata struct {
		Name            string            `json:"name"`
		Namespace       string            `json:"namespace"`
		Labels          map[string]string `json:"labels"`
		Annotations     map[string]string `json:"annotations"`
		OwnerReferences []struct {
			APIVersion         string `json:"apiVersion"`
			Kind               string `json:"kind"`
			Name               string `json:"name"`
			UID                string `json:"uid"`
			Controller         bool   `json:"controller"`
			BlockOwnerDeletion bool   `json:"blockOwnerDeletion"`
		} `json:"ownerReferences"`
	} `json:"metadata"`
	Spec struct {
		Hostname  string `json:"hostname"`
		Subdomain string `json:"subdomain"`
		Volumes   []struct {
			Name                  string `json:"name"`
			PersistentVolumeClaim *struct {
				ClaimName string `json:"claimName"`
			} `json:"persistentVolumeClaim"`
		} `json:"volumes"`
	} `json:"spec"`
	Data     json.RawMessage `json:"data"`
	Revision int64           `json:"revision"`
}

func metadataOf(o *object, uid string, created time.Time) *statefulv1.ObjectMetadata {
	m := &statefulv1.ObjectMetadata{Name: o.Metadata.Name, Namespace: o.Metadata.Namespace, Uid: uid, ResourceVersion: "1",
		Labels: o.Metadata.Labels, Annotations: o.Metadata.Annotations, CreationTimestamp: timestamppb.New(created)}
	for _, r := range o.Metadata.OwnerReferences {
		m.OwnerReferences = append(m.OwnerReferences, &statefulv1.OwnerReference{ApiVersion: r.APIVersion, Kind: r.Kind,
			Name: r.Name, Uid: r.UID, Controller: r.Controller, BlockOwnerDeletion: r.BlockOwnerDeletion})
	}
	return m
}

// steadyRequest builds, from what Plan says it would write on a fresh cluster, the typed Plan
// request of a set whose n pods all exist, Running and Ready for an hour, with their claims Bound
// and the one revision stored: the controller has nothing to do for it.
func steadyRequest(ctx context.Context, c *stateful.Client, n int) (*statefulv1.PlanRequest, error) {
	set := &statefulv1.KubeObject{Json: webJSON(n, "nginx:1.25")}
	fresh, err := c.Plan(ctx, &statefulv1.PlanRequest{StatefulSet: set, Now: timestamppb.New(planNow)})
	if err != nil {
		return nil, err
	}
	var revision, pod0 *object
	for _, a := range fresh.GetActions() {
		o := &object{}
		switch a.GetType() {
		case statefulv1.ActionType_ACTION_TYPE_CREATE_REVISION:
			revision = o
		case statefulv1.ActionType_ACTION_TYPE_CREATE_POD:
			if a.GetPod() == "web-0" {
				pod0 = o
			}
		default:
			continue
		}
		if err := json.Unmarshal([]byte(a.GetObject().GetJson()), o); err != nil {
			return nil, err
		}
	}
	if revision == nil || pod0 == nil {
		return nil, fmt.Errorf("a fresh plan should create a revision and web-0: %v", fresh.GetActions())
	}
	hourAgo := planNow.Add(-time.Hour)
	req := &statefulv1.PlanRequest{StatefulSet: set, Now: timestamppb.New(planNow)}
	req.ObservedRevisions = append(req.ObservedRevisions, &statefulv1.ObservedRevision{
		Metadata: metadataOf(revision, "revision-uid", hourAgo), Revision: revision.Revision, Data: string(revision.Data)})
	for i := 0; i < n; i++ {
		name := "web-" + strconv.Itoa(i)
		meta := metadataOf(pod0, "pod-uid-"+strconv.Itoa(i), hourAgo)
		meta.Name = name
		meta.Labels = map[string]string{}
		for k, v := range pod0.Metadata.Labels {
			meta.Labels[k] = strings.ReplaceAll(v, "web-0", name)
		}
		meta.Labels["apps.kubernetes.io/pod-index"] = strconv.Itoa(i)
		pod := &statefulv1.ObservedPod{Metadata: meta, Hostname: name, Subdomain: pod0.Spec.Subdomain, Phase: "Running",
			Conditions: []*statefulv1.PodCondition{{Type: "Ready", Status: "True", LastTransitionTime: timestamppb.New(hourAgo)}}}
		for _, v := range pod0.Spec.Volumes {
			volume := &statefulv1.PodVolume{Name: v.Name}
			if v.PersistentVolumeClaim != nil {
				volume.ClaimName = strings.ReplaceAll(v.PersistentVolumeClaim.ClaimName, "web-0", name)
			}
			pod.Volumes = append(pod.Volumes, volume)
		}
		req.ObservedPods = append(req.ObservedPods, pod)
		req.ObservedClaims = append(req.ObservedClaims, &statefulv1.ObservedClaim{Phase: "Bound", Metadata: &statefulv1.ObjectMetadata{
			Name: "www-" + name, Namespace: "default", Uid: "claim-uid-" + strconv.Itoa(i), ResourceVersion: "1",
			Labels: map[string]string{"app": "nginx"}, CreationTimestamp: timestamppb.New(hourAgo)}})
	}
	return req, nil
}
