// A job's status as the technician reads it: the status picker's options, the toasts, and the
// line of a change waiting to sync.
import type { TechnicianJobStatus } from '@pitstop/shared/technicians/rules';

export const JOB_STATUS_LABELS: Record<TechnicianJobStatus, string> = {
  scheduled: 'Scheduled',
  'in-progress': 'In Progress',
  completed: 'Completed',
};
