// Two-factor authentication on the profile against the API doubles: turned on with the password
// and a code from the app, the recovery codes shown once, and turned off with the password.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInAccount, signInAs, TEST_PASSWORD } from '../../../test/msw/accounts.ts';
import { TEST_AUTHENTICATOR_CODE, TEST_RECOVERY_CODES } from '../../../test/msw/handlers/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function openSection() {
  renderApp('/profile');
  return screen.findByRole('region', { name: 'Two-factor authentication' });
}

describe('two-factor authentication on the profile', () => {
  it('turns on with the password and a code from the app, then shows the recovery codes once', async () => {
    signInAs({ role: 'admin' });
    const section = await openSection();
    const user = userEvent.setup();
    await user.click(
      within(section).getByRole('button', { name: 'Turn on two-factor authentication' }),
    );
    await user.type(within(section).getByLabelText('Password'), 'wrong-password');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Invalid password');

    await user.clear(within(section).getByLabelText('Password'));
    await user.type(within(section).getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(
      await within(section).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(within(section).getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    // Not on until the app's code is entered.
    expect(signedInAccount()?.twoFactorEnabled).toBe(false);

    await user.type(within(section).getByLabelText('Authentication code'), TEST_AUTHENTICATOR_CODE);
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(TEST_RECOVERY_CODES);
    expect(within(section).getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
    );
    expect(signedInAccount()?.twoFactorEnabled).toBe(true);

    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(section).getByText('Two-factor authentication is on.')).toBeInTheDocument();
  }, 20_000);

  it('turns off with the password', async () => {
    signInAs({ role: 'customer', twoFactorEnabled: true });
    const section = await openSection();
    const user = userEvent.setup();
    await user.click(
      within(section).getByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    await user.type(within(section).getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(signedInAccount()?.twoFactorEnabled).toBe(false));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Two-factor authentication is off.',
    );
  });
});
