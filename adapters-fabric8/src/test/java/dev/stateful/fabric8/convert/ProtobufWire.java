package dev.stateful.fabric8.convert;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * kube-apiserver's protobuf wire form written field by field, as k8s.io/api's and apimachinery's
 * generated.proto number the fields: the watch events tests feed the pod watch's reader.
 */
public final class ProtobufWire {

    private ProtobufWire() {
    }

    /** metav1.WatchEvent: type 1, object 2 (a RawExtension whose raw 1 is the object's bytes). */
    public static Msg event(String type, Msg rawExtension) {
        return new Msg().str(1, type).msg(2, rawExtension);
    }

    /** A RawExtension holding the protobuf serializer's form of an object: k8s\0, then runtime.Unknown. */
    public static Msg object(String apiVersion, String kind, Msg object) {
        return new Msg().bytes(1, magic(new Msg().msg(1, new Msg().str(1, apiVersion).str(2, kind)).bytes(2, object.toBytes())
                .str(3, "").str(4, "")));
    }

    public static ByteString magic(Msg unknown) {
        return ByteString.copyFrom(new byte[] {'k', '8', 's', 0}).concat(unknown.toBytes());
    }

    public static Msg time(Instant at, int nanos) {
        return new Msg().varint(1, at.getEpochSecond()).varint(2, nanos);
    }

    /** A protobuf message written field by field. */
    public static final class Msg {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

        public Msg str(int field, String value) {
            return write(() -> out.writeString(field, value));
        }

        public Msg varint(int field, long value) {
            return write(() -> out.writeInt64(field, value));
        }

        public Msg bytes(int field, ByteString value) {
            return write(() -> out.writeBytes(field, value));
        }

        public Msg msg(int field, Msg value) {
            return bytes(field, value.toBytes());
        }

        /** A map<string, string> entry. */
        public Msg entry(int field, String key, String value) {
            return msg(field, new Msg().str(1, key).str(2, value));
        }

        public ByteString toBytes() {
            write(() -> { });
            return ByteString.copyFrom(bytes.toByteArray());
        }

        private Msg write(IoAction action) {
            try {
                action.run();
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        interface IoAction {
            void run() throws IOException;
        }
    }
}
