import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating.tsx';

function Harness({ initial }: { initial?: number }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <p id="label">Your rating</p>
      <StarRating value={value} onChange={setValue} labelledBy="label" />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('the star control', () => {
  it('is one radio group of five stars labelled 1 star to 5 stars', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(names).toEqual(['1', '2', '3', '4', '5']);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      expect(screen.getByRole('radio', { name })).not.toBeChecked();
    }
  });

  it('chooses a star by click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('4');
  });

  it('is operated by keyboard: Tab into the group, arrows move the choice', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('3');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
  });
});
