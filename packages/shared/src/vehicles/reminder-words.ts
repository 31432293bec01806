// What My Garage's maintenance reminders switch and the reminder e-mail's stop link say. Apart from
// the forms, so the public stop page carries no form rules.
export const REMINDER_WORDS = {
  switchLabel: 'Maintenance reminders',
  switchHint: 'A message before its next service is due.',
  switchFailed: "We couldn't change your reminders. Please try again.",
  stopHeading: 'Stop maintenance reminders for this vehicle?',
  stop: 'Stop reminders',
  stopping: 'Stopping…',
  stopped:
    "You won't get maintenance reminders for this vehicle any more. You can switch them back on in My Garage.",
  linkInvalid:
    "This link isn't valid. You can switch maintenance reminders off in My Garage on your profile.",
} as const;
