package dev.stateful.app.controller;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Whether this process runs in a pod with a service account, as client-go decides it. */
public final class InCluster {

    static final Path SERVICE_ACCOUNT = Path.of("/var/run/secrets/kubernetes.io/serviceaccount");

    private final Map<String, String> env;
    private final Path serviceAccount;

    /** @param serviceAccount where the service account is mounted in a pod */
    public InCluster(Map<String, String> env, Path serviceAccount) {
        this.env = env;
        this.serviceAccount = serviceAccount;
    }

    public static InCluster detect() {
        return new InCluster(System.getenv(), SERVICE_ACCOUNT);
    }

    public boolean isInCluster() {
        return env.containsKey("KUBERNETES_SERVICE_HOST") && env.containsKey("KUBERNETES_SERVICE_PORT")
                && Files.isRegularFile(serviceAccount.resolve("token"));
    }

    /** The namespace of the pod's service account, when mounted. */
    public Optional<String> namespace() {
        Path file = serviceAccount.resolve("namespace");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            String ns = Files.readString(file).strip();
            return ns.isEmpty() ? Optional.empty() : Optional.of(ns);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
