# impls/ext-liburcu-memb/impl.mk: the manifest (docs/DESIGN.md, "Manifests")
# of ext-liburcu-memb, the peer liburcu, urcu-memb flavor.
$(impl)_KIND := peer
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(LIBURCU_ADAPTER_SRCS)
# urcu-memb prefers membarrier() and falls back to fences without it.
$(impl)_CPPFLAGS := $(call liburcu_cppflags,memb) -DRCUTABLE_URCU_MEMB
$(impl)_LIBS := $(call liburcu_libs,memb)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := liburcu-dev
