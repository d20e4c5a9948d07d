package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UserAgentTest {

    @Test
    void names_the_product_and_version_then_the_platform_as_go_spells_it_then_the_component() {
        assertThat(UserAgent.of("1.2.3", "statefulset-controller"))
                .isEqualTo("stateful/1.2.3 (" + UserAgent.platform() + ") statefulset-controller");
        assertThat(UserAgent.platform()).as("GOOS/GOARCH, lower case, no spaces").matches("[a-z0-9-]+/[a-z0-9]+");
    }

    @Test
    void the_field_manager_the_api_server_derives_is_the_product_alone() {
        // kube-apiserver's managerOrUserAgent: the user agent up to its first '/'
        String agent = UserAgent.of("0.1.0-SNAPSHOT", "migrate");
        assertThat(agent.substring(0, agent.indexOf('/'))).isEqualTo(UserAgent.PRODUCT);
        assertThat(UserAgent.of(null, null)).startsWith("stateful/dev (").endsWith(")");
    }

    @Test
    void the_jvm_names_of_platforms_become_goos_and_goarch() {
        assertThat(UserAgent.goos("Linux")).isEqualTo("linux");
        assertThat(UserAgent.goos("Mac OS X")).isEqualTo("darwin");
        assertThat(UserAgent.goos("Windows 11")).isEqualTo("windows");
        assertThat(UserAgent.goarch("x86_64")).isEqualTo("amd64");
        assertThat(UserAgent.goarch("amd64")).isEqualTo("amd64");
        assertThat(UserAgent.goarch("aarch64")).isEqualTo("arm64");
        assertThat(UserAgent.goarch("i686")).isEqualTo("386");
        assertThat(UserAgent.goarch("riscv64")).isEqualTo("riscv64");
    }
}
