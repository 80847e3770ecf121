# impls/ext-liburcu-qsbr/impl.mk: the manifest (docs/DESIGN.md, "Manifests")
# of ext-liburcu-qsbr, the peer liburcu, urcu-qsbr flavor.
$(impl)_KIND := peer
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(LIBURCU_ADAPTER_SRCS)
$(impl)_CPPFLAGS := $(call liburcu_cppflags,qsbr)
$(impl)_LIBS := $(call liburcu_libs,qsbr)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := liburcu-dev
