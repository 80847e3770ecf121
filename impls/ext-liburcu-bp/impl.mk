# impls/ext-liburcu-bp/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# ext-liburcu-bp, the peer liburcu, urcu-bp flavor.
$(impl)_KIND := peer
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(LIBURCU_ADAPTER_SRCS)
# urcu-bp registers its readers by itself and prefers membarrier().
$(impl)_CPPFLAGS := $(call liburcu_cppflags,bp) -DRCUTABLE_URCU_BP
$(impl)_LIBS := $(call liburcu_libs,bp)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := liburcu-dev
