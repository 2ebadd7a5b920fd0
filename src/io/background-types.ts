// Background jobs that outlive the helper (shell with background, shell_status).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BackgroundProcesses {}
