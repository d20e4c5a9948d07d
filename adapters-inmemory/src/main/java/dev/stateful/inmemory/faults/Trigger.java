package dev.stateful.inmemory.faults;

import java.util.Random;

/** Which of the calls a rule matches it fires on; calls are numbered from 1 since the rule was installed. */
public sealed interface Trigger permits Trigger.Always, Trigger.Nth, Trigger.FirstN, Trigger.Probability {

    boolean fires(long call, Random random);

    record Always() implements Trigger {
        @Override
        public boolean fires(long call, Random random) {
            return true;
        }
    }

    /** Exactly the n-th call. */
    record Nth(long n) implements Trigger {
        public Nth {
            if (n < 1) {
                throw new IllegalArgumentException("calls are numbered from 1: " + n);
            }
        }

        @Override
        public boolean fires(long call, Random random) {
            return call == n;
        }
    }

    /** The first n calls, then never again ("fails twice, then recovers"). */
    record FirstN(long n) implements Trigger {
        @Override
        public boolean fires(long call, Random random) {
            return call <= n;
        }
    }

    /** Each call independently, drawn from the injector's seeded Random. */
    record Probability(double p) implements Trigger {
        public Probability {
            if (p < 0 || p > 1) {
                throw new IllegalArgumentException("probability out of [0, 1]: " + p);
            }
        }

        @Override
        public boolean fires(long call, Random random) {
            return random.nextDouble() < p;
        }
    }
}
