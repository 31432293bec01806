// Technician rules, shared by the server, which enforces them, and the technician's and admin's
// screens, which mirror them: the status a technician has, what Start Duty / End Duty and the
// working-days calendar do to it, and the spec's words.
import { addCalendarDays, lastDayOfMonth } from '../calendar-dates.ts';

export const TECHNICIAN_STATUSES = ['available', 'on-job', 'off-duty'] as const;
export type TechnicianStatus = (typeof TECHNICIAN_STATUSES)[number];

/** What a technician may set on their own job: never cancelled. */
export const TECHNICIAN_JOB_STATUSES = ['scheduled', 'in-progress', 'completed'] as const;
export type TechnicianJobStatus = (typeof TECHNICIAN_JOB_STATUSES)[number];

export const TECHNICIAN_MESSAGES = {
  inviteSent: 'Invitation sent successfully!',
  inviteFailed: 'Failed to send invitation',
  resendConfirm: 'Send a new invitation link? The link sent before stops working.',
  resent: 'Invitation resent successfully!',
  /** Spec: 'Failed to resend invitation: {message}'. */
  resendFailed: (message: string) => `Failed to resend invitation: ${message}`,
  passwordFailed: 'Failed to set password. Please try again.',
  onboardingFailed: 'Failed to complete onboarding. Please try again.',
  linkInvalid: 'This link is not valid or has already been used.',
  linkExpired: 'This link has expired. Ask for a new invitation.',
  notTechnician: 'This account is not a technician.',
  technicianNotFound: "We couldn't find this technician.",
  jobNotFound: "We couldn't find this job.",
  jobCancelled: 'This job was cancelled and can no longer be changed.',
  servicesAlreadyOnVisit: 'These services are already on this visit.',
  notTodaysJob: "Only today's jobs can be changed.",
  onboardingFirst: 'Please complete onboarding first.',
  noPasswordToKeep: 'No password has been set for this account yet. Please choose one.',
  alreadyOnboarded:
    'This technician has finished signing up; a new invitation link would reset their password. They can use "Forgot password?" instead.',
  serviceUnknown: 'Please choose services from the list',
  chooseService: 'Please select at least one service',
  pastDay: 'Past days cannot be changed.',
  dayTooFar: 'Working days can be set up to a year ahead.',
  noJobsToday: 'No appointments scheduled for today',
  offDutyNotAssignable: 'This technician is off duty and cannot be assigned.',
  notAssignable: 'Only technicians can be assigned to appointments.',
} as const;

/** Invite success closes after 2 s; the password and onboarding redirects 2 s. */
export const INVITE_CLOSE_MS = 2_000;
export const SET_PASSWORD_REDIRECT_MS = 2_000;
export const ONBOARDING_SUCCESS_MS = 2_000;
/** The highlight ring on a technician's card, and resend messages' lifetime. */
export const TECHNICIAN_HIGHLIGHT_MS = 2_000;
export const RESEND_MESSAGE_MS = 5_000;
/** How far ahead a technician may mark working days. */
export const WORKING_DAYS_AHEAD = 365;

export interface StatusFacts {
  /** The status as stored. */
  stored: TechnicianStatus;
  /** Whether today is one of the technician's working days. */
  worksToday: boolean;
  /** Whether one of the technician's own appointments today is in progress. */
  hasJobInProgressToday: boolean;
}

/**
 * The status on load, in the spec's order: off-duty stays; a technician not
 * working today stays as they were; one with a job in progress today is on-job; otherwise
 * available.
 */
export function deriveTechnicianStatus(facts: StatusFacts): TechnicianStatus {
  if (facts.stored === 'off-duty') return 'off-duty';
  if (!facts.worksToday) return facts.stored;
  if (facts.hasJobInProgressToday) return 'on-job';
  return 'available';
}

/** Whether the dashboard offers End Duty (on duty) rather than Start Duty. */
export function isOnDuty(status: TechnicianStatus): boolean {
  return status !== 'off-duty';
}

/**
 * Start Duty / End Duty (it toggles between available and off-duty). The request
 * says which it is, so pressing twice changes nothing; a technician on a job who presses Start
 * Duty again stays on-job.
 */
export function statusAfterDuty(status: TechnicianStatus, onDuty: boolean): TechnicianStatus {
  if (!onDuty) return 'off-duty';
  return isOnDuty(status) ? status : 'available';
}

/**
 * After the technician moves one of today's jobs: off-duty stays (as on load); a job in progress
 * today makes them on-job; none makes them available.
 */
export function statusAfterJobChange(
  status: TechnicianStatus,
  hasJobInProgressToday: boolean,
): TechnicianStatus {
  if (status === 'off-duty') return 'off-duty';
  return hasJobInProgressToday ? 'on-job' : 'available';
}

/**
 * The status after today's date is toggled in the working-days calendar: off
 * makes the technician off-duty; on while off-duty makes them available; otherwise unchanged.
 * Toggling any other day changes nothing.
 */
export function statusAfterWorkingDayToggle(
  status: TechnicianStatus,
  toggle: { date: string; today: string; working: boolean },
): TechnicianStatus {
  if (toggle.date !== toggle.today) return status;
  if (!toggle.working) return 'off-duty';
  return status === 'off-duty' ? 'available' : status;
}

/**
 * By technicians' schedules, a day off is refused while visits take the technician's time that
 * day: the office gives them to someone else first.
 */
export function dayOffWithVisitsMessage(visits: number): string {
  return `You have ${visits} visit${visits === 1 ? '' : 's'} booked that day. Ask the office to give ${visits === 1 ? 'it' : 'them'} to another technician before taking the day off.`;
}

/** Whether a technician may toggle the day: today and later, at most a year ahead. */
export function workingDayProblem(date: string, today: string): string | null {
  if (date < today) return TECHNICIAN_MESSAGES.pastDay;
  if (date > addCalendarDays(today, WORKING_DAYS_AHEAD)) return TECHNICIAN_MESSAGES.dayTooFar;
  return null;
}

/** The first and last day (`YYYY-MM-DD`) of a month given as `YYYY-MM`. */
export function monthRange(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: lastDayOfMonth(month) };
}

/** On the Technicians page the resend button shows while phone or address is missing. */
export function needsInvitation(technician: { phone: string; street: string }): boolean {
  return technician.phone.trim() === '' || technician.street.trim() === '';
}

/**
 * An invitation may be resent only until onboarding is complete: its link sets the password, so
 * after that it would hand whoever holds the link the technician's account.
 */
export function canResendInvitation(technician: { onboardingComplete: boolean }): boolean {
  return !technician.onboardingComplete;
}
