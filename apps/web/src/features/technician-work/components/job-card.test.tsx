// A job card shows the car and the customer's note, and Completed asks for the odometer first:
// required, sent with the optional oil used and note; a reading the server finds below the
// vehicle's last one shows its words and, once confirmed, the form is sent as it then stands;
// Cancel or Escape sends nothing and gives the focus back to the status picker.
import { JOB_RECORD_MESSAGES } from '@pitstop/shared/technicians/forms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  makeJob,
  seedTechnicianWork,
  technicianWorkOf,
} from '../../../test/msw/handlers/technician-work.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeVisitVehicle } from '../../../test/visit-vehicle.ts';

async function openJob(seed: Parameters<typeof makeJob>[0] = {}) {
  const account = signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: true });
  const job = makeJob({ status: 'in-progress', ...seed });
  seedTechnicianWork(account, { jobs: [job] });
  const user = userEvent.setup();
  renderApp('/technician-dashboard');
  const card = await screen.findByRole('article');
  return { account, job, user, card, picker: within(card).getByLabelText('Status') };
}

const statusPath = (id: string) => `/api/technician/jobs/${id}/status`;

/** The next status change is refused: the reading is below the vehicle's last, `lastMiles`. */
function answerLowerOnce(lastMiles: number) {
  const message = JOB_RECORD_MESSAGES.lower(lastMiles);
  server.use(
    http.patch(
      '/api/technician/jobs/:id/status',
      () => apiError('ODOMETER_LOWER', message, { odometerMiles: message }),
      { once: true },
    ),
  );
}

/** Waits for the job's completion to be sent with the oil typed (5W-30, 4.5 qt) and `record`. */
const expectCompletedWith = (id: string, record: Record<string, unknown>) =>
  waitFor(async () =>
    expect(await lastBodyOf('PATCH', statusPath(id))).toEqual({
      status: 'completed',
      oilUsed: '5W-30, 4.5 qt',
      ...record,
    }),
  );

describe('the job card', () => {
  it('shows the car, its VIN and the customer’s note', async () => {
    const { card } = await openJob({
      description: 'Spare key under the mat',
      vehicle: makeVisitVehicle({ vin: '1HGCM82633A004352' }),
    });
    expect(card).toHaveTextContent('2019 Toyota 4Runner · Blue · ABC 123');
    expect(card).toHaveTextContent('1HGCM82633A004352');
    expect(card).toHaveTextContent('Spare key under the mat');
  });

  it('falls back to the colour for a job without a booked vehicle', async () => {
    const { card } = await openJob({ vehicle: null, vehicleColor: 'Red' });
    expect(within(card).getByText('Red')).toBeInTheDocument();
  });
});

describe('completing a job', () => {
  it('asks for the odometer and sends it with the oil used and a note', async () => {
    const { account, job, user, card, picker } = await openJob();
    await user.selectOptions(picker, 'completed');

    const odometer = await within(card).findByLabelText('Odometer (miles)');
    await waitFor(() => expect(odometer).toHaveFocus());
    expect(picker).toHaveValue('in-progress');
    expect(apiCalls()).not.toContain(`PATCH ${statusPath(job.id)}`);

    await user.click(within(card).getByRole('button', { name: 'Complete job' }));
    expect(await within(card).findByText(JOB_RECORD_MESSAGES.odometer)).toBeInTheDocument();
    expect(apiCalls()).not.toContain(`PATCH ${statusPath(job.id)}`);

    await user.type(odometer, '45,210');
    const oilUsed = within(card).getByLabelText('Oil used');
    // An example, not a value: it says so.
    expect(oilUsed).toHaveAttribute('placeholder', 'e.g. 5W-30, 4.5 qt');
    await user.type(oilUsed, '5W-30, 4.5 qt');
    await user.type(within(card).getByLabelText('Note'), 'Wipers worn');
    await user.click(within(card).getByRole('button', { name: 'Complete job' }));

    await expectCompletedWith(job.id, { odometerMiles: 45210, note: 'Wipers worn' });
    expect(await screen.findByText('Basic Oil Change is now Completed.')).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveValue('completed'));
    expect(within(card).queryByLabelText('Odometer (miles)')).not.toBeInTheDocument();
    expect(technicianWorkOf(account).jobs[0]).toMatchObject({
      status: 'completed',
      visitOdometerMiles: 45210,
    });
  });

  it('shows a lower reading’s warning and sends it again once confirmed', async () => {
    const { job, user, card, picker } = await openJob({ visitOdometerMiles: null });
    answerLowerOnce(45210);
    await user.selectOptions(picker, 'completed');
    await user.type(await within(card).findByLabelText('Odometer (miles)'), '44000');
    await user.keyboard('{Enter}');

    const warning = await within(card).findByRole('alert');
    expect(warning).toHaveTextContent(
      'This reading is lower than the last one (45,210 miles). Check it, or confirm it is right.',
    );
    expect(picker).toHaveValue('in-progress');

    // What is typed after the warning is sent with the confirmation.
    await user.type(within(card).getByLabelText('Oil used'), '5W-30, 4.5 qt');
    await user.type(within(card).getByLabelText('Note'), 'Odometer replaced');
    await user.click(within(warning).getByRole('button', { name: 'Yes, the reading is right' }));
    await expectCompletedWith(job.id, {
      odometerMiles: 44000,
      note: 'Odometer replaced',
      confirmLowerOdometer: true,
    });
    await waitFor(() => expect(picker).toHaveValue('completed'));
  });

  it('drops the warning once the reading is changed', async () => {
    const { user, card, picker } = await openJob();
    answerLowerOnce(45210);
    await user.selectOptions(picker, 'completed');
    const odometer = await within(card).findByLabelText('Odometer (miles)');
    await user.type(odometer, '44000{Enter}');
    await within(card).findByRole('alert');
    await user.type(odometer, '0');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fills in the visit’s reading so far, and Cancel or Escape sends nothing', async () => {
    const { job, user, card, picker } = await openJob({ visitOdometerMiles: 45210 });
    await user.selectOptions(picker, 'completed');
    const odometer = await within(card).findByLabelText('Odometer (miles)');
    expect(odometer).toHaveValue('45210');

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByLabelText('Odometer (miles)')).not.toBeInTheDocument();
    expect(picker).toHaveFocus();

    await user.selectOptions(picker, 'completed');
    await within(card).findByLabelText('Odometer (miles)');
    await user.keyboard('{Escape}');
    expect(within(card).queryByLabelText('Odometer (miles)')).not.toBeInTheDocument();
    expect(picker).toHaveFocus();
    expect(apiCalls()).not.toContain(`PATCH ${statusPath(job.id)}`);
  });
});
