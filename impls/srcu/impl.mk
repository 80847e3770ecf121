# impls/srcu/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of srcu, SRCU
# with compiler-barrier readers and membarrier().
$(impl)_KIND := own
$(impl)_COLUMN := srcu
$(impl)_SRCS := $(here)srcu.c lib/srcu/srcu_gp.c
$(impl)_READ := srcu
$(impl)_INSTALLED := yes
$(impl)_COUNTERPART := ext-liburcu-memb
