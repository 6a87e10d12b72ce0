// Tables of the conversion tasks (SPEC §7 "Tasks"): the tasks table is the source of truth for a job.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TaskTables {}
