// Package stateful is a thin client for the stateful.v1 gRPC API served by `stateful serve`:
// dial with TLS and a bearer token, then Plan, Validate, steer and watch StatefulSets. The
// generated stubs are in package statefulv1; Client embeds them, so every RPC is at hand, and adds
// the calls a Go tool needs most with Go-shaped signatures.
package stateful

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"stateful.dev/clients/go/statefulv1"
)

// Client talks to one server. It is safe for concurrent use; Close it when done.
type Client struct {
	statefulv1.StatefulSetServiceClient
	conn *grpc.ClientConn
}

type options struct {
	tls       *tls.Config
	token     string
	dialExtra []grpc.DialOption
}

// Option configures Dial.
type Option func(*options) error

// WithToken sends "authorization: Bearer TOKEN" with every call (serve --token-file / STATEFUL_TOKEN).
func WithToken(token string) Option {
	return func(o *options) error {
		o.token = token
		return nil
	}
}

// WithTLS dials with TLS using the given configuration (nil: the system's roots).
func WithTLS(config *tls.Config) Option {
	return func(o *options) error {
		if config == nil {
			config = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		o.tls = config
		return nil
	}
}

// WithCAFile dials with TLS, trusting only the PEM certificates in file (serve --tls-cert's CA).
func WithCAFile(file string) Option {
	return func(o *options) error {
		pem, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return fmt.Errorf("%s: no PEM certificate", file)
		}
		o.tls = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
		return nil
	}
}

// WithDialOptions passes extra grpc.DialOptions through (interceptors, keepalive, ...).
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(o *options) error {
		o.dialExtra = append(o.dialExtra, opts...)
		return nil
	}
}

// Dial connects to target (host:port). Without WithTLS or WithCAFile the connection is plaintext,
// which serve allows on loopback only. The connection is made lazily, on the first call.
func Dial(target string, opts ...Option) (*Client, error) {
	var o options
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	creds := insecure.NewCredentials()
	if o.tls != nil {
		creds = credentials.NewTLS(o.tls)
	}
	// a plan of a large set, or a set listed with its objects, passes grpc-go's 4 MiB default; the Java
	// client and the server allow 64 MiB (a later grpc.WithDefaultCallOptions in WithDialOptions wins)
	dial := []grpc.DialOption{grpc.WithTransportCredentials(creds), grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(MaxReceiveBytes))}
	if o.token != "" {
		dial = append(dial, grpc.WithPerRPCCredentials(bearer{token: o.token}))
	}
	conn, err := grpc.NewClient(target, append(dial, o.dialExtra...)...)
	if err != nil {
		return nil, err
	}
	return &Client{StatefulSetServiceClient: statefulv1.NewStatefulSetServiceClient(conn), conn: conn}, nil
}

// MaxReceiveBytes is the largest response Dial's client accepts, as the Java client's.
const MaxReceiveBytes = 64 << 20

// Close closes the connection.
func (c *Client) Close() error {
	return c.conn.Close()
}

// Conn is the underlying connection, e.g. for the health service.
func (c *Client) Conn() *grpc.ClientConn {
	return c.conn
}

// Ref names a StatefulSet; an empty namespace means "default".
func Ref(namespace, name string) *statefulv1.ObjectRef {
	return &statefulv1.ObjectRef{Namespace: namespace, Name: name}
}

// Plan asks what the controller would do now for the request's StatefulSet and observed objects.
func (c *Client) Plan(ctx context.Context, req *statefulv1.PlanRequest, opts ...grpc.CallOption) (*statefulv1.PlanResponse, error) {
	return c.StatefulSetServiceClient.Plan(ctx, req, opts...)
}

// ValidateJSON checks a StatefulSet given as JSON.
func (c *Client) ValidateJSON(ctx context.Context, statefulSetJSON string) (*statefulv1.ValidateResponse, error) {
	return c.Validate(ctx, &statefulv1.ValidateRequest{StatefulSet: &statefulv1.KubeObject{Json: statefulSetJSON}})
}

// ApplyYAML applies a manifest, all or nothing (see Violations for what an INVALID_ARGUMENT names).
func (c *Client) ApplyYAML(ctx context.Context, namespace, manifest string) (*statefulv1.ApplyResponse, error) {
	return c.Apply(ctx, &statefulv1.ApplyRequest{Manifest: manifest, Namespace: namespace})
}

// ScaleTo sets spec.replicas (kubectl scale).
func (c *Client) ScaleTo(ctx context.Context, ref *statefulv1.ObjectRef, replicas int32) (*statefulv1.StatefulSetInfo, error) {
	resp, err := c.Scale(ctx, &statefulv1.ScaleRequest{Ref: ref, Replicas: replicas})
	if err != nil {
		return nil, err
	}
	return resp.GetStatefulSet(), nil
}

// WatchRollout streams the rollout of ref until it is done or stuck, as a Go iterator: each step
// yields an event, or an error once (then the iteration ends). Breaking out of the loop, or
// cancelling ctx, ends the stream.
//
//	for ev, err := range client.WatchRollout(ctx, stateful.Ref("", "web")) { ... }
func (c *Client) WatchRollout(ctx context.Context, ref *statefulv1.ObjectRef, opts ...grpc.CallOption) iter.Seq2[*statefulv1.RolloutEvent, error] {
	return func(yield func(*statefulv1.RolloutEvent, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		// grpc-go reports the caller's cancelling as a status error, which errors.Is(err, context.Canceled) does not match
		cancelled := func(err error) bool { return ctx.Err() != nil && status.Code(err) == codes.Canceled }
		stream, err := c.StatefulSetServiceClient.WatchRollout(ctx, &statefulv1.WatchRolloutRequest{Ref: ref}, opts...)
		if cancelled(err) {
			return
		}
		if err != nil {
			yield(nil, err)
			return
		}
		for {
			ev, err := stream.Recv()
			if cancelled(err) || errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(ev, nil) {
				return
			}
		}
	}
}

// Violations are the field violations of an INVALID_ARGUMENT error (google.rpc.BadRequest), one
// per problem, e.g. {Field: "documents[2].spec.replicas", Description: "line 9, column 13: ..."};
// nil for other errors.
func Violations(err error) []*errdetails.BadRequest_FieldViolation {
	st, ok := status.FromError(err)
	if !ok {
		return nil
	}
	var out []*errdetails.BadRequest_FieldViolation
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			out = append(out, br.GetFieldViolations()...)
		}
	}
	return out
}

type bearer struct {
	token string
}

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

// RequireTransportSecurity is false so that a token can be used over plaintext loopback too, as
// serve allows; beyond loopback serve requires a token and should be reached over TLS.
func (b bearer) RequireTransportSecurity() bool {
	return false
}
