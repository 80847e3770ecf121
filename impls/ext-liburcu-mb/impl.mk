# impls/ext-liburcu-mb/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# ext-liburcu-mb, the peer liburcu, urcu-mb flavor.
$(impl)_KIND := peer
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(LIBURCU_ADAPTER_SRCS)
$(impl)_CPPFLAGS := $(call liburcu_cppflags,mb)
$(impl)_LIBS := $(call liburcu_libs,mb)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := liburcu-dev
