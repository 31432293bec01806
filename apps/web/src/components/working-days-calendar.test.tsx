// The working-days calendar on its own: the technician's toggles (past days disabled, the change
// asked for), and the read-only month the admin's Technicians page shows.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WorkingDaysCalendar } from './working-days-calendar.tsx';

const TODAY = '2026-03-14';

describe('WorkingDaysCalendar', () => {
  it('asks to switch a day on or off, from today on', async () => {
    const onToggle = vi.fn();
    const user = userEvent.setup();
    render(
      <WorkingDaysCalendar
        label="My working days"
        month="2026-03"
        onMonthChange={() => {}}
        workingDays={['2026-03-14', '2026-03-20', '2026-04-01']}
        today={TODAY}
        onToggle={onToggle}
      />,
    );
    const calendar = screen.getByRole('group', { name: 'My working days' });
    expect(within(calendar).getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();

    await user.click(
      within(calendar).getByRole('button', { name: /March 20, 2026, working day$/ }),
    );
    expect(onToggle).toHaveBeenLastCalledWith('2026-03-20', false);
    await user.click(
      within(calendar).getByRole('button', { name: /March 21, 2026, not working$/ }),
    );
    expect(onToggle).toHaveBeenLastCalledWith('2026-03-21', true);

    expect(within(calendar).getByRole('button', { name: /March 13, 2026/ })).toBeDisabled();
    expect(within(calendar).getByText('2 working days in March 2026')).toBeInTheDocument();
  });

  it('locks every day while disabled', () => {
    render(
      <WorkingDaysCalendar
        label="My working days"
        month="2026-03"
        onMonthChange={() => {}}
        workingDays={[]}
        today={TODAY}
        onToggle={() => {}}
        disabled
      />,
    );
    expect(screen.getByRole('button', { name: /March 20, 2026/ })).toBeDisabled();
  });

  it('shows a month read-only, and browses months', async () => {
    const onMonthChange = vi.fn();
    const user = userEvent.setup();
    render(
      <WorkingDaysCalendar
        label="Working days of Ann Lee"
        month="2026-03"
        onMonthChange={onMonthChange}
        workingDays={['2026-03-02']}
        today={TODAY}
      />,
    );
    const calendar = screen.getByRole('group', { name: 'Working days of Ann Lee' });
    expect(
      within(calendar).getByRole('gridcell', { name: 'Monday, March 2, 2026, working day' }),
    ).toBeInTheDocument();
    expect(
      within(calendar).getByRole('gridcell', {
        name: 'Today, Saturday, March 14, 2026, not working',
      }),
    ).toBeInTheDocument();
    expect(within(calendar).queryByRole('button', { name: /March/ })).not.toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: /Next Month/i }));
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-04');
    await user.click(within(calendar).getByRole('button', { name: /Previous Month/i }));
    expect(onMonthChange).toHaveBeenLastCalledWith('2026-02');
  });
});
