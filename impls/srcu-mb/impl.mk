# impls/srcu-mb/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# srcu-mb, SRCU with the kernel's full-fence readers.
$(impl)_KIND := own
$(impl)_COLUMN := srcu
$(impl)_SRCS := $(here)srcu_mb.c lib/srcu/srcu_gp.c
$(impl)_READ := srcu_mb
$(impl)_INSTALLED := yes
$(impl)_COUNTERPART := ext-liburcu-mb
