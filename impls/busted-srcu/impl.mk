# impls/busted-srcu/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# busted-srcu, the SRCU negative control.
$(impl)_KIND := control
$(impl)_COLUMN := srcu
$(impl)_SRCS := $(here)busted_srcu.c
$(impl)_INSTALLED := no
