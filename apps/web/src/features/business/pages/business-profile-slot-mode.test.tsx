// The Business Profile's "Offer Slots" choice: by the business's capacity (the default) or by its
// technicians' schedules, a radio group with one line of help under each choice; view mode names
// the choice, and Visits per time slot says it is not used for slots by technicians' schedules, in
// both modes; by schedules, the business hours' help says the first slot follows the drive.
import { SLOT_MODE_LABELS } from '@pitstop/shared/business/slot-mode';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  seedBusiness,
  storedBusiness,
  TEST_BUSINESS,
} from '../../../test/msw/handlers/business.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { CAPACITY_NOT_USED, HOURS_HELP, SLOT_MODE_HELP } from '../components/slot-mode-fields.tsx';
import { SAVED_MESSAGE } from './business-profile-page.tsx';

beforeAll(async () => {
  // jsdom has no ResizeObserver; Radix Switch measures its thumb with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  await import('./business-profile-page.tsx');
});

function setup() {
  signInAs({ role: 'admin' });
  const user = userEvent.setup();
  renderApp('/admin/business-profile');
  return user;
}

const scheduling = () => screen.getByRole('region', { name: 'Scheduling' });
const offerSlots = () => screen.getByRole('group', { name: 'Offer Slots' });
const CAPACITY_HINT = /How many visits may overlap/;
const NOT_USED_HINT = /Not used for slots while they are offered by technicians' schedules/;
const hoursSection = () => screen.getByRole('region', { name: 'Business hours' });

describe('Offer Slots', () => {
  it('names the choice in view mode', async () => {
    seedBusiness({ ...TEST_BUSINESS, slotMode: 'technicians' });
    setup();
    expect(await screen.findByText(SLOT_MODE_LABELS.technicians)).toBeInTheDocument();
    expect(within(scheduling()).getByText('Offer Slots')).toBeInTheDocument();
    // Visits per time slot says it decides nothing now, as in edit mode.
    expect(within(scheduling()).getByText(CAPACITY_NOT_USED)).toBeInTheDocument();
  });

  it('names Visits per time slot without the note by capacity', async () => {
    setup();
    expect(await screen.findByText(SLOT_MODE_LABELS.capacity)).toBeInTheDocument();
    expect(within(scheduling()).queryByText(NOT_USED_HINT)).not.toBeInTheDocument();
  });

  it("switches to technicians' schedules and saves it, by keyboard", async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const capacity = within(offerSlots()).getByRole('radio', { name: SLOT_MODE_LABELS.capacity });
    const technicians = within(offerSlots()).getByRole('radio', {
      name: SLOT_MODE_LABELS.technicians,
    });
    expect(capacity).toBeChecked();
    expect(capacity).toHaveAccessibleDescription(SLOT_MODE_HELP.capacity);
    expect(technicians).toHaveAccessibleDescription(SLOT_MODE_HELP.technicians);
    expect(screen.getByLabelText('Visits per time slot')).toHaveAccessibleDescription(
      CAPACITY_HINT,
    );
    expect(within(hoursSection()).getByText(HOURS_HELP.capacity)).toBeInTheDocument();

    capacity.focus();
    await user.keyboard('{ArrowDown}');
    expect(technicians).toBeChecked();
    // The field stays, saying it does not decide slots now.
    expect(screen.getByLabelText('Visits per time slot')).toHaveAccessibleDescription(
      NOT_USED_HINT,
    );
    // Customers cannot book from opening now: the technician drives there first.
    expect(within(hoursSection()).getByText(HOURS_HELP.technicians)).toBeInTheDocument();
    expect(HOURS_HELP.technicians).toContain(
      "By technicians' schedules, the first slot is after the technician's drive from home at opening.",
    );
    expect(within(hoursSection()).queryByText(HOURS_HELP.capacity)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(await lastBodyOf('PUT', '/api/business')).toMatchObject({ slotMode: 'technicians' });
    expect(storedBusiness()).toEqual({ ...TEST_BUSINESS, slotMode: 'technicians' });
    expect(within(scheduling()).getByText(SLOT_MODE_LABELS.technicians)).toBeInTheDocument();
  });

  it('switches back to capacity', async () => {
    seedBusiness({ ...TEST_BUSINESS, slotMode: 'technicians' });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Visits per time slot')).toHaveAccessibleDescription(
      NOT_USED_HINT,
    );
    await user.click(screen.getByRole('radio', { name: SLOT_MODE_LABELS.capacity }));
    expect(screen.getByLabelText('Visits per time slot')).toHaveAccessibleDescription(
      CAPACITY_HINT,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness().slotMode).toBe('capacity');
    expect(within(scheduling()).getByText(SLOT_MODE_LABELS.capacity)).toBeInTheDocument();
  });

  it("shows the server's message for the choice at the group", async () => {
    const message = 'Choose how slots are offered';
    server.use(
      http.put('/api/business', () => apiError('VALIDATION', message, { slotMode: message })),
    );
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(offerSlots()).toHaveAccessibleDescription(message));
    expect(screen.getByRole('radio', { name: SLOT_MODE_LABELS.capacity })).toHaveFocus();
  });
});
