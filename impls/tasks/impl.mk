# impls/tasks/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of tasks,
# RCU Tasks from the thread list of /proc/self/task.
$(impl)_KIND := own
$(impl)_COLUMN := tasks
$(impl)_SRCS := $(here)tasks.c $(here)tasks_proc.c $(here)tasks_rude.c
$(impl)_INSTALLED := yes
