// A technician whose session ended while changes waited on their phone is sent to sign in: the
// sign-in screens say the changes are kept and sync once the technician who made them signs in.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setWaitingChangesOnDevice } from '../../../lib/device-waiting.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => setWaitingChangesOnDevice(0));

describe('sign-in with changes waiting on the phone', () => {
  it.each(['/login', '/tech-portal'])(
    '%s says how many wait and how to send them',
    async (path) => {
      setWaitingChangesOnDevice(3);
      renderApp(path);
      expect(await screen.findByText(/not synced yet/)).toHaveTextContent(
        '3 changes made on this phone have not synced yet. Sign in again as the technician who made them to send them.',
      );
    },
  );

  it('says nothing when none wait', async () => {
    renderApp('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByText(/not synced yet/)).not.toBeInTheDocument();
  });
});
