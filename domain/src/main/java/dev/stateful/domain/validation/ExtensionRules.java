package dev.stateful.domain.validation;

import dev.stateful.domain.identity.ReservedOrdinals;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.StatefulSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules of the fields only our own kind has ({@link SetExtensions}), the same the
 * CustomResourceDefinition's schema gives the API server, so that {@code stateful validate} and the
 * controller refuse what the API server would. An apps/v1 set has none of these fields.
 */
final class ExtensionRules {

    private ExtensionRules() {
    }

    static List<Violation> validate(StatefulSet set) {
        if (!set.kind().isCustom()) {
            return List.of();
        }
        List<Violation> out = new ArrayList<>(progressDeadline(set));
        out.addAll(reserveOrdinals(set));
        return out;
    }

    /**
     * Deployment's rule ({@code ValidateDeploymentSpec}): non-negative and greater than
     * {@code minReadySeconds}. Checked on the value the API server stores, its default 600 when
     * absent ({@code SetDefaults_Deployment}), so {@code minReadySeconds: 600} alone is refused too.
     */
    private static List<Violation> progressDeadline(StatefulSet set) {
        List<Violation> out = new ArrayList<>();
        int deadline = set.extensions().progressDeadline();
        String path = "spec.progressDeadlineSeconds";
        if (deadline < 0) {
            out.add(Errors.invalid(path, deadline, Errors.NEGATIVE));
        }
        if (deadline <= set.spec().minReadySeconds()) {
            out.add(Errors.invalid(path, deadline, "must be greater than minReadySeconds"));
        }
        return out;
    }

    /**
     * At most {@link ReservedOrdinals#MAX_ENTRIES} entries, each an ordinal or a range {@code "a-b"}
     * with a &lt;= b, nothing else; and the highest
     * ordinal the range then reaches, past the reserved ones, must fit a 32-bit integer as
     * {@code spec.ordinals.start + spec.replicas - 1} must (a pod name's ordinal is parsed as 32 bits).
     */
    private static List<Violation> reserveOrdinals(StatefulSet set) {
        List<Violation> out = new ArrayList<>();
        List<IntOrString> entries = set.extensions().reserveOrdinals();
        if (entries.size() > ReservedOrdinals.MAX_ENTRIES) {
            // the schema's maxItems; an Invalid value here, as the gRPC contract has no "Too many" type
            out.add(Errors.invalid("spec.reserveOrdinals", entries.size(),
                    "must have at most " + ReservedOrdinals.MAX_ENTRIES + " entries (a range \"a-b\" reserves any number of ordinals)"));
        }
        for (int i = 0; i < entries.size(); i++) {
            IntOrString entry = entries.get(i);
            String path = "spec.reserveOrdinals[" + i + "]";
            ReservedOrdinals.problem(entry).ifPresent(message -> out.add(Errors.invalid(path,
                    entry.isInt() ? (Object) entry.intValue() : String.valueOf(entry.stringValue()), message)));
        }
        long start = set.spec().startOrdinal();
        long replicas = set.spec().replicasOrDefault();
        if (entries.isEmpty() || start < 0 || replicas <= 0 || start + replicas - 1 > Integer.MAX_VALUE) {
            // nothing reserved, or the apps/v1 bound (StatefulSetValidator.highestOrdinal) already refuses it
            return out;
        }
        long highest = ReservedOrdinals.of(set).endOrdinal((int) start, replicas);
        if (highest > Integer.MAX_VALUE) {
            out.add(Errors.invalid("spec.replicas", set.spec().replicas(), "with spec.reserveOrdinals skipped the highest ordinal would be "
                    + highest + ", which must be at most " + Integer.MAX_VALUE + ": a pod name's ordinal must fit a 32-bit integer"));
        }
        return out;
    }
}
