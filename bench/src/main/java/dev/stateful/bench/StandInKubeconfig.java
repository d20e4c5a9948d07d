package dev.stateful.bench;

/** The kubeconfig the bench's controllers and clients use for a plain-HTTP stand-in API server: user {@code bench}, namespace {@code default}. */
public final class StandInKubeconfig {

    private StandInKubeconfig() {
    }

    /** @param url the server, with no trailing slash */
    public static String forServer(String url) {
        return """
                apiVersion: v1
                kind: Config
                clusters:
                - name: mock
                  cluster:
                    server: %s
                users:
                - name: bench
                  user:
                    token: bench
                contexts:
                - name: mock
                  context:
                    cluster: mock
                    user: bench
                    namespace: default
                current-context: mock
                """.formatted(url);
    }
}
