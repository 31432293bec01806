import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_INCLUDED_ITEMS } from '@pitstop/shared/services/catalog';
import { IncludesEditor } from './includes-editor.tsx';

function Harness({ initial = [], onSubmit }: { initial?: string[]; onSubmit?: () => void }) {
  const [items, setItems] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <IncludesEditor id="includes" value={items} onChange={setItems} />
      <output data-testid="value">{JSON.stringify(items)}</output>
    </form>
  );
}

function setup(initial?: string[]) {
  const onSubmit = vi.fn();
  render(<Harness initial={initial} onSubmit={onSubmit} />);
  return {
    user: userEvent.setup(),
    onSubmit,
    input: screen.getByLabelText('New included item'),
    addButton: screen.getByRole('button', { name: 'Add' }),
    value: () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[],
  };
}

describe('IncludesEditor', () => {
  it('adds a trimmed item on Enter without submitting the form', async () => {
    const { user, input, value, onSubmit } = setup();
    await user.type(input, '  Oil filter replacement  {Enter}');
    expect(value()).toEqual(['Oil filter replacement']);
    expect(input).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds an item with the Add button', async () => {
    const { user, input, addButton, value } = setup(['Fluid check']);
    await user.type(input, 'Tire pressure check');
    await user.click(addButton);
    expect(value()).toEqual(['Fluid check', 'Tire pressure check']);
  });

  it('adds nothing when the text is empty after trimming', async () => {
    const { user, input, addButton, value, onSubmit } = setup();
    expect(addButton).toBeDisabled();
    await user.type(input, '    ');
    expect(addButton).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(value()).toEqual([]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Nothing listed yet.')).toBeInTheDocument();
  });

  it('removes an item', async () => {
    const { user, value } = setup(['Battery test', 'Terminal cleaning', 'Connection check']);
    await user.click(screen.getByRole('button', { name: 'Remove Terminal cleaning' }));
    expect(value()).toEqual(['Battery test', 'Connection check']);
    const list = screen.getByRole('list', { name: 'What’s included' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('does not add the same item twice and says why', async () => {
    const { user, input, value } = setup(['Fluid check']);
    await user.type(input, 'fluid CHECK{Enter}');
    expect(value()).toEqual(['Fluid check']);
    expect(screen.getByText('“fluid CHECK” is already on the list.')).toBeInTheDocument();
  });

  it('stops at the schema’s limit', async () => {
    const full = Array.from({ length: MAX_INCLUDED_ITEMS }, (_, index) => `Item ${index + 1}`);
    const { input, addButton } = setup(full);
    expect(input).toBeDisabled();
    expect(addButton).toBeDisabled();
  });
});
