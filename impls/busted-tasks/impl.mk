# impls/busted-tasks/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# busted-tasks, the RCU Tasks negative control.
$(impl)_KIND := control
$(impl)_COLUMN := tasks
$(impl)_SRCS := $(here)busted_tasks.c
$(impl)_INSTALLED := no
