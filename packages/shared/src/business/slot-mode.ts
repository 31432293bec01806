// How the business offers slots (Business Profile): by its capacity, how many visits may overlap
// (the default), or by its technicians' schedules: only where a technician who works that day
// and covers the visit's area has room for the visit and the drives before and after it.
export const SLOT_MODES = ['capacity', 'technicians'] as const;
export type SlotMode = (typeof SLOT_MODES)[number];

export const SLOT_MODE_LABELS: Record<SlotMode, string> = {
  capacity: 'By business capacity',
  technicians: "By technicians' schedules",
};
