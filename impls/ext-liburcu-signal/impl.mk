# impls/ext-liburcu-signal/impl.mk: the manifest (docs/DESIGN.md, "Manifests")
# of ext-liburcu-signal, the peer liburcu, urcu-signal flavor.
$(impl)_KIND := peer
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(LIBURCU_ADAPTER_SRCS)
# urcu-signal takes SIGUSR1, which rcutable then never blocks.
$(impl)_CPPFLAGS := $(call liburcu_cppflags,signal) \
	-DRCUTABLE_URCU_RESERVED_SIGNAL=SIGUSR1
$(impl)_LIBS := $(call liburcu_libs,signal)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := liburcu-dev
