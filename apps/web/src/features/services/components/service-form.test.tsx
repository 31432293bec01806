import {
  INTERVAL_MILES_INVALID,
  INTERVAL_MONTHS_INVALID,
  SERVICE_OIL_CHANGE_WORDS,
} from '@pitstop/shared/services/intervals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeService } from '../../../test/msw/handlers/services.ts';
import { ServiceAdminList } from './service-admin-list.tsx';
import { ServiceForm } from './service-form.tsx';

function setup(service = makeService('Basic Oil Change')) {
  const onSubmit = vi.fn(async () => undefined);
  render(
    <ServiceForm
      service={service}
      idPrefix="edit"
      submitLabel="Save"
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return { user: userEvent.setup(), onSubmit };
}

const miles = () => screen.getByLabelText(/Due again after \(miles\)/);
const months = () => screen.getByLabelText(/Due again after \(months\)/);

describe('the service form’s maintenance interval', () => {
  it('shows the saved interval and sends the numbers typed', async () => {
    const { user, onSubmit } = setup({
      ...makeService('Basic Oil Change'),
      intervalMiles: 3000,
      intervalMonths: 3,
    });
    expect(miles()).toHaveValue('3000');
    expect(months()).toHaveValue('3');
    await user.clear(miles());
    await user.type(miles(), '5,000');
    await user.clear(months());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ intervalMiles: 5000, intervalMonths: null }),
    );
  });

  it('says what is wrong with a value out of range, next to its field', async () => {
    const { user, onSubmit } = setup();
    await user.type(miles(), '50');
    await user.type(months(), '61');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(miles()).toHaveAccessibleDescription(INTERVAL_MILES_INVALID);
    expect(months()).toHaveAccessibleDescription(INTERVAL_MONTHS_INVALID);
    expect(miles()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the service form’s oil change', () => {
  const oilChange = () => screen.getByRole('checkbox', { name: SERVICE_OIL_CHANGE_WORDS.label });

  it('shows whether the service changes the oil, and sends what the keyboard set', async () => {
    const { user, onSubmit } = setup({
      ...makeService('High Mileage Service'),
      includesOilChange: true,
    });
    expect(oilChange()).toBeChecked();
    expect(oilChange()).toHaveAccessibleDescription(SERVICE_OIL_CHANGE_WORDS.hint);
    oilChange().focus();
    await user.keyboard(' ');
    expect(oilChange()).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ includesOilChange: false }));
  });

  it('is unticked for a new service, and sends it ticked', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <ServiceForm
        idPrefix="add"
        submitLabel="Save new"
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    expect(oilChange()).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Name/), 'Fluid Service');
    await user.type(screen.getByLabelText(/^Duration/), '45 minutes');
    await user.click(oilChange());
    await user.click(screen.getByRole('button', { name: 'Save new' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Fluid Service', includesOilChange: true }),
    );
  });
});

describe('the catalogue list for staff', () => {
  it('states each service’s interval', () => {
    render(
      <ServiceAdminList
        services={[
          { ...makeService('Basic Oil Change'), intervalMiles: 3000, intervalMonths: 3 },
          { ...makeService('Battery Service', {}, 1), intervalMiles: null, intervalMonths: 12 },
          { ...makeService('Tire Rotation', {}, 2), intervalMiles: null, intervalMonths: null },
        ]}
        editingId={null}
        renderEditor={() => null}
        onMove={() => undefined}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expect(screen.getByText('Every 3,000 miles or 3 months')).toBeInTheDocument();
    expect(screen.getByText('Every 12 months')).toBeInTheDocument();
    expect(screen.getAllByText(/^Every /)).toHaveLength(2);
  });
});
