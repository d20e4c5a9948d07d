# The controller image. Build the jar first, then the image:
#   ./mvnw -q package -DskipTests && docker build -t stateful-controller:0.1.0 .
FROM eclipse-temurin:17-jre

COPY app/target/stateful.jar /app/stateful.jar

# A class-data archive (AppCDS) of the classes the controller loads before its first API request, so
# that start-up maps them instead of reading and verifying them from the jar (docs/benchmarks.md). Java 17
# has no -XX:+AutoCreateSharedArchive, so it is trained here, with this image's JVM and jar: a controller
# run against an address where nothing listens loads what a real start loads, fails its first request
# and exits; the archive is written at exit. A JVM that cannot use the archive (another JVM or jar)
# ignores it and loads from the jar as before.
RUN printf 'apiVersion: v1\nkind: Config\nclusters:\n- name: none\n  cluster:\n    server: http://127.0.0.1:9\ncontexts:\n- name: none\n  context:\n    cluster: none\ncurrent-context: none\n' \
        > /tmp/training.kubeconfig \
    && (java -XX:ArchiveClassesAtExit=/app/stateful.jsa -XX:-UsePerfData -jar /app/stateful.jar controller \
        --kubeconfig /tmp/training.kubeconfig --metrics-port 0 --leader-elect=false > /dev/null 2>&1 || true) \
    && test -s /app/stateful.jsa \
    && rm /tmp/training.kubeconfig

# no user of its own is needed: the numeric id is enough to run without root
USER 65532:65532
ENV HOME=/tmp
EXPOSE 8080

# -XX:TieredStopAtLevel=1: C1 only. A rollout is a burst of short-lived work on one or two CPUs, and C2
# compiling the JSON, HTTP/2 and TLS paths during it took more CPU than it saved (docs/benchmarks.md,
# figure 8: ~40 % less CPU and faster rollouts with C1 only). Drop it for a long-lived controller with
# CPUs to spare, where C2's faster code (its AES-GCM intrinsics among it) pays back its compile time.
# -Djdk.tls.client.cipherSuites: ChaCha20-Poly1305 first, because C1 has no AES-GCM intrinsics: in Java
# code AES-GCM decrypts ~37 MB/s here, ChaCha20-Poly1305 ~165 MB/s, and kube-apiserver (Go's crypto/tls)
# chooses ChaCha20 when the client lists it first. The rest are the suites Go's crypto/tls enables by
# default (all ECDHE, since Go 1.22), so an API server with its default suites accepts this client.
# -XX:-UsePerfData: nothing written under /tmp/hsperfdata, so the root filesystem can be read-only.
# bench/'s OurControllerProcess runs the same flags (ImageFlagsTest).
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/app/stateful.jsa", "-XX:MaxRAMPercentage=75", "-XX:TieredStopAtLevel=1", \
            "-Djdk.tls.client.cipherSuites=TLS_CHACHA20_POLY1305_SHA256,TLS_AES_128_GCM_SHA256,TLS_AES_256_GCM_SHA384,TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA,TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA,TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA,TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", \
            "-XX:+ExitOnOutOfMemoryError", "-XX:-UsePerfData", "-jar", "/app/stateful.jar", "controller"]
