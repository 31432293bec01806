// The changes not yet synced: how many wait (in words), each refusal with its reason and its own
// Dismiss, the ended session with its Sign In link, and nothing at all when none are kept.
import { PATHS } from '@pitstop/shared/web-routes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loginPathReturningTo } from '../../../lib/return-path.ts';
import type { QueuedChange } from '../offline/change-queue.ts';
import { SyncPanel, type SyncPanelProps } from './sync-panel.tsx';

let seq = 0;

function kept(label: string, refusal: QueuedChange['refusal'] = null): QueuedChange {
  seq += 1;
  return {
    kind: 'job-status',
    method: 'PATCH',
    path: `/api/technician/jobs/job-${seq}/status`,
    body: { status: 'in-progress' },
    jobId: `job-${seq}`,
    label,
    key: `key-${seq}`,
    seq,
    userId: 'tech-1',
    queuedAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    refusal,
  };
}

function renderPanel(props: Partial<SyncPanelProps> = {}) {
  const onDismiss = vi.fn();
  const result = render(
    <MemoryRouter>
      <SyncPanel waiting={[]} refused={[]} isSignedOut={false} onDismiss={onDismiss} {...props} />
    </MemoryRouter>,
  );
  return { ...result, onDismiss, user: userEvent.setup() };
}

const cancelled = {
  status: 409,
  code: 'CONFLICT',
  message: 'This job was cancelled and can no longer be changed.',
};

describe('SyncPanel', () => {
  it('renders nothing when no change is kept', () => {
    const { container } = renderPanel();
    expect(container).toBeEmptyDOMElement();
  });

  it('says one change waits, and lists it', () => {
    renderPanel({ waiting: [kept('Basic Oil Change: In Progress')] });
    // Only the count is announced; the list is beside it.
    expect(screen.getByRole('status')).toHaveTextContent(/^1 change waiting to sync$/);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Basic Oil Change: In Progress',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('counts several changes in the plural, oldest first', () => {
    renderPanel({
      waiting: [kept('Basic Oil Change: In Progress'), kept('Start Duty')],
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^2 changes waiting to sync$/);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Basic Oil Change: In Progress',
      'Start Duty',
    ]);
  });

  it('says an ended session keeps them, with Sign In back to the dashboard', () => {
    renderPanel({ waiting: [kept('Start Duty')], isSignedOut: true });
    expect(
      screen.getByText('Your session has ended. Sign in again to sync your changes.', {
        exact: false,
      }),
    ).toHaveTextContent('Your session has ended. Sign in again to sync your changes. Sign In');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      loginPathReturningTo(PATHS.technicianDashboard),
    );
  });

  it('shows each refusal with its reason, and Dismiss passes its key', async () => {
    const first = kept('Basic Oil Change: In Progress', cancelled);
    const second = kept('Add Battery Service', {
      status: 422,
      code: 'VALIDATION',
      message: 'These services are already on this visit.',
    });
    const { user, onDismiss } = renderPanel({ refused: [first, second] });

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const refusals = within(screen.getByRole('list', { name: 'Changes not synced' })).getAllByRole(
      'listitem',
    );
    // Each reason is announced, without its Dismiss button.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Not synced: Basic Oil Change: In Progress. This job was cancelled and can no longer be changed.',
      'Not synced: Add Battery Service. These services are already on this visit.',
    ]);

    await user.click(
      within(refusals[1]!).getByRole('button', { name: 'Dismiss: Add Battery Service' }),
    );
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith(second.key);

    await user.click(
      screen.getByRole('button', { name: 'Dismiss: Basic Oil Change: In Progress' }),
    );
    expect(onDismiss).toHaveBeenLastCalledWith(first.key);
  });

  it('shows waiting changes and refusals together', () => {
    renderPanel({
      waiting: [kept('Start Duty')],
      refused: [kept('Basic Oil Change: Completed', cancelled)],
    });
    expect(screen.getByRole('status')).toHaveTextContent('1 change waiting to sync');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not synced: Basic Oil Change: Completed. This job was cancelled and can no longer be changed.',
    );
  });
});
