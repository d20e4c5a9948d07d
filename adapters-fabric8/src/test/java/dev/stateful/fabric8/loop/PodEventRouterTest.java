package dev.stateful.fabric8.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.fabric8.loop.PodEventRouter.Enqueue;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PodEventRouterTest {

    static final StatefulSet WEB = Fixtures.statefulSet("web", 3);
    static final StatefulSet SLOW = set("slow", LabelSelector.of(Map.of("app", "slow"))).withSpec(
            set("slow", LabelSelector.of(Map.of("app", "slow"))).spec().withMinReadySeconds(10));
    static final StatefulSet DB = set("db", new LabelSelector(Map.of("app", "db"),
            List.of(new LabelSelector.Requirement("tier", "In", List.of("backend", "cache")))));
    /** NotIn without values: rejected by LabelSelectorAsSelector, although it would "match" anything. */
    static final StatefulSet BROKEN = set("broken", new LabelSelector(Map.of(),
            List.of(new LabelSelector.Requirement("app", "NotIn", List.of()))));
    static final StatefulSet EVERYTHING = set("everything", new LabelSelector(Map.of(), List.of()));

    final PodEventRouter router = new PodEventRouter(ns -> ns.equals("default") ? List.of(WEB, SLOW, DB, BROKEN, EVERYTHING) : List.of());

    static StatefulSet set(String name, LabelSelector selector) {
        StatefulSet base = Fixtures.statefulSet(name, 1);
        return base.withSpec(base.spec().withSelector(selector));
    }

    static OwnerReference ownedBy(StatefulSet set) {
        return OwnerReference.controllerRef("apps/v1", "StatefulSet", set.metadata());
    }

    static Pod pod(String rv, Map<String, String> labels, OwnerReference... owners) {
        return new Pod(ObjectMeta.named("default", "p-0").withUid("pod-uid").withResourceVersion(rv).withLabels(labels)
                .withOwnerReferences(List.of(owners)), null, PodStatus.of(PodStatus.RUNNING));
    }

    static Pod ready(Pod pod) {
        return pod.withStatus(PodStatus.runningAndReady(Fixtures.T0));
    }

    static Pod terminating(Pod pod) {
        return pod.withMetadata(pod.metadata().withDeletionTimestamp(Fixtures.T0));
    }

    static Enqueue now(StatefulSet set) {
        return new Enqueue(set.key(), Duration.ZERO);
    }

    static final Map<String, String> NGINX = Map.of("app", "nginx");

    @Nested
    class PodAdded {

        @Test
        void an_owned_pod_syncs_its_owner_only() {
            assertThat(router.route(null, pod("1", NGINX, ownedBy(WEB)))).containsExactly(now(WEB));
        }

        @Test
        void an_owner_reference_with_a_stale_uid_resolves_to_nothing() {
            OwnerReference stale = new OwnerReference("apps/v1", "StatefulSet", "web", "old-uid", true, true);

            assertThat(router.route(null, pod("1", NGINX, stale))).isEmpty();
        }

        /** Both kinds managed (apps/v1 and ours) can each hold a set of one name: the owner is the one with the reference's uid. */
        @Test
        void an_owner_is_found_by_name_and_uid_among_sets_of_that_name_without_a_pass_over_the_namespace() {
            StatefulSet slowTwin = WEB.withMetadata(WEB.metadata().withUid("other-kind-uid")).withSpec(WEB.spec().withMinReadySeconds(10));
            PodEventRouter byKey = new PodEventRouter(key -> key.equals(WEB.key()) ? List.of(slowTwin, WEB) : List.of(),
                    ns -> { throw new AssertionError("an owned pod needs no list of its namespace's sets"); });
            Pod ownedByWeb = pod("1", NGINX, ownedBy(WEB));
            Pod ownedByTwin = pod("1", NGINX, ownedBy(slowTwin));

            assertThat(byKey.route(ownedByWeb, ready(ownedByWeb.withMetadata(ownedByWeb.metadata().withResourceVersion("2")))))
                    .containsExactly(now(WEB));
            assertThat(byKey.route(ownedByTwin, ready(ownedByTwin.withMetadata(ownedByTwin.metadata().withResourceVersion("2")))))
                    .containsExactly(now(slowTwin), new Enqueue(slowTwin.key(), Duration.ofSeconds(10)));
        }

        @Test
        void a_pod_controlled_by_another_kind_is_none_of_our_business() {
            OwnerReference rs = new OwnerReference("apps/v1", "ReplicaSet", "web", "web-uid", true, true);

            assertThat(router.route(null, pod("1", NGINX, rs))).isEmpty();
        }

        @Test
        void a_pod_owned_by_an_unknown_set_is_not_treated_as_an_orphan() {
            OwnerReference gone = new OwnerReference("apps/v1", "StatefulSet", "gone", "gone-uid", true, true);

            assertThat(router.route(null, pod("1", NGINX, gone))).isEmpty();
        }

        @Test
        void a_non_controller_owner_leaves_the_pod_an_orphan() {
            OwnerReference plain = new OwnerReference("v1", "ConfigMap", "cm", "cm-uid", null, null);

            assertThat(router.route(null, pod("1", NGINX, plain))).containsExactly(now(WEB));
        }

        @Test
        void an_orphan_syncs_every_set_whose_selector_matches() {
            StatefulSet twin = set("twin", LabelSelector.of(NGINX));
            PodEventRouter withTwin = new PodEventRouter(ns -> List.of(WEB, twin, DB));

            assertThat(withTwin.route(null, pod("1", NGINX))).containsExactly(now(WEB), now(twin));
        }

        @Test
        void set_based_requirements_are_honoured() {
            assertThat(router.route(null, pod("1", Map.of("app", "db", "tier", "cache")))).containsExactly(now(DB));
            assertThat(router.route(null, pod("1", Map.of("app", "db", "tier", "frontend")))).isEmpty();
            assertThat(router.route(null, pod("1", Map.of("app", "db")))).isEmpty();
        }

        @Test
        void empty_and_malformed_selectors_select_nothing_and_unlabelled_pods_match_nothing() {
            assertThat(BROKEN.spec().selector().matches(Map.of("app", "other"))).as("naive matching would select it").isTrue();
            assertThat(router.route(null, pod("1", Map.of("app", "other")))).isEmpty();
            assertThat(router.route(null, pod("1", Map.of()))).isEmpty();
        }

        @Test
        void only_sets_of_the_pods_namespace_are_considered() {
            Pod elsewhere = pod("1", NGINX).withMetadata(pod("1", NGINX).metadata().withNamespace("other"));

            assertThat(router.route(null, elsewhere)).isEmpty();
        }

        @Test
        void a_pod_first_seen_terminating_counts_as_a_deletion() {
            assertThat(router.route(null, terminating(pod("1", NGINX, ownedBy(WEB))))).containsExactly(now(WEB));
            assertThat(router.route(null, terminating(pod("1", NGINX)))).isEmpty();
        }
    }

    @Nested
    class PodUpdated {

        @Test
        void an_update_with_the_same_resourceVersion_is_a_replay_and_ignored() {
            assertThat(router.route(pod("5", NGINX, ownedBy(WEB)), pod("5", Map.of("app", "changed"), ownedBy(WEB)))).isEmpty();
        }

        @Test
        void an_owned_pod_syncs_its_owner() {
            assertThat(router.route(pod("5", NGINX, ownedBy(WEB)), pod("6", NGINX, ownedBy(WEB)))).containsExactly(now(WEB));
        }

        @Test
        void a_changed_controller_reference_syncs_the_old_and_the_new_owner() {
            Pod before = pod("5", Map.of("app", "db", "tier", "backend"), ownedBy(WEB));
            Pod after = pod("6", Map.of("app", "db", "tier", "backend"), ownedBy(DB));

            assertThat(router.route(before, after)).containsExactly(now(WEB), now(DB));
        }

        @Test
        void a_released_pod_syncs_its_old_owner_and_every_set_that_might_adopt_it() {
            assertThat(router.route(pod("5", NGINX, ownedBy(WEB)), pod("6", NGINX))).containsExactly(now(WEB), now(WEB));
        }

        @Test
        void a_pod_that_just_became_ready_rechecks_availability_after_minReadySeconds() {
            Pod before = pod("5", Map.of("app", "slow"), ownedBy(SLOW));

            assertThat(router.route(before, ready(pod("6", Map.of("app", "slow"), ownedBy(SLOW)))))
                    .containsExactly(now(SLOW), new Enqueue(SLOW.key(), Duration.ofSeconds(10)));
        }

        @Test
        void no_delayed_check_without_minReadySeconds_or_without_a_transition_to_ready() {
            assertThat(router.route(pod("5", NGINX, ownedBy(WEB)), ready(pod("6", NGINX, ownedBy(WEB))))).containsExactly(now(WEB));
            assertThat(router.route(ready(pod("5", Map.of("app", "slow"), ownedBy(SLOW))), ready(pod("6", Map.of("app", "slow"), ownedBy(SLOW)))))
                    .containsExactly(now(SLOW));
        }

        @Test
        void an_orphan_whose_labels_changed_syncs_the_sets_that_now_match() {
            assertThat(router.route(pod("5", Map.of("app", "other")), pod("6", NGINX))).containsExactly(now(WEB));
        }

        @Test
        void an_orphan_whose_labels_and_owner_are_unchanged_syncs_nothing() {
            assertThat(router.route(pod("5", NGINX), ready(pod("6", NGINX)))).isEmpty();
        }

        @Test
        void a_pod_whose_new_owner_does_not_resolve_syncs_only_the_old_owner() {
            OwnerReference gone = new OwnerReference("apps/v1", "StatefulSet", "gone", "gone-uid", true, true);

            assertThat(router.route(pod("5", NGINX, ownedBy(WEB)), pod("6", NGINX, gone))).containsExactly(now(WEB));
        }
    }

    @Nested
    class PodDeleted {

        @Test
        void a_deleted_pod_syncs_its_owner() {
            assertThat(router.route(pod("5", NGINX, ownedBy(WEB)), null)).containsExactly(now(WEB));
        }

        @Test
        void a_deleted_orphan_syncs_nothing_even_when_a_set_matches() {
            assertThat(router.route(pod("5", NGINX), null)).isEmpty();
        }

        @Test
        void a_deleted_pod_whose_owner_was_replaced_syncs_nothing() {
            OwnerReference stale = new OwnerReference("apps/v1", "StatefulSet", "web", "old-uid", true, true);

            assertThat(router.route(pod("5", NGINX, stale), null)).isEmpty();
        }
    }
}
