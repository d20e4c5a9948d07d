package dev.stateful.bench.upstream;

/** Whose StatefulSet controller a control plane runs. */
enum Side {
    /** kube-controller-manager's own ({@code --controllers=*}), as a cluster ships. */
    UPSTREAM("statefulset-controller"),
    /** Ours as a process of its own, kube-controller-manager with {@code --controllers=*,-statefulset}. */
    OURS(BenchPlane.OUR_ACCOUNT);

    /** The controller's user in the audit log (a service account's short name). */
    final String user;

    Side(String user) {
        this.user = user;
    }
}
