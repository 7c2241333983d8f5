"""Planning: the PDDL domain library, domain merging, problem reconstruction, planners, plan -> DAG."""
