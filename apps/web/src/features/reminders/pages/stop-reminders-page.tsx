// Stop a vehicle's maintenance reminders (/reminders/stop/:vehicleId/:signature), from the link in
// the reminder e-mail: no sign-in, the signed link is the credential. Nothing changes until the
// button is pressed (a mail scanner opening the link stops nothing); a link that is not valid
// says so and offers the way home.
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import { PATHS } from '@pitstop/shared/web-routes';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useStopReminders } from '../api.ts';

export function StopRemindersPage() {
  const params = useParams();
  const stopReminders = useStopReminders(params.vehicleId ?? '', params.signature ?? '');
  const isInvalid = stopReminders.error instanceof ApiError && stopReminders.error.status === 404;

  return (
    <>
      <title>Stop maintenance reminders · Pitstop</title>
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight">{REMINDER_WORDS.stopHeading}</h1>
        <div className="mt-6 flex flex-col gap-5 rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
          <FormMessage
            outcome={
              stopReminders.isSuccess
                ? { tone: 'success', message: REMINDER_WORDS.stopped }
                : stopReminders.isError
                  ? {
                      tone: 'error',
                      message: isInvalid
                        ? REMINDER_WORDS.linkInvalid
                        : errorMessage(stopReminders.error, 'Please try again.'),
                    }
                  : null
            }
          />
          {stopReminders.isSuccess || isInvalid ? (
            <Button asChild variant="outline" className="self-start">
              <Link to={PATHS.home}>Go to the home page</Link>
            </Button>
          ) : (
            <Button
              size="lg"
              className="w-full sm:w-auto sm:self-start"
              disabled={stopReminders.isPending}
              onClick={() => stopReminders.mutate()}
            >
              {stopReminders.isPending && <Spinner />}
              {stopReminders.isPending ? REMINDER_WORDS.stopping : REMINDER_WORDS.stop}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
