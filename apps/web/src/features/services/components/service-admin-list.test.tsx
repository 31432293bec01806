import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeService } from '../../../test/msw/handlers/services.ts';
import { ServiceAdminList } from './service-admin-list.tsx';

const services = ['Basic Oil Change', 'Synthetic Oil Change', 'Battery Service'].map(
  (name, order) => makeService(name, {}, order),
);

function setup(list = services) {
  const handlers = { onMove: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  render(
    <ServiceAdminList services={list} editingId={null} renderEditor={() => null} {...handlers} />,
  );
  return { user: userEvent.setup(), ...handlers };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('ServiceAdminList', () => {
  it('disables move up at the first position and move down at the last', () => {
    setup();
    expect(button('Move Basic Oil Change up')).toBeDisabled();
    expect(button('Move Basic Oil Change down')).toBeEnabled();
    expect(button('Move Synthetic Oil Change up')).toBeEnabled();
    expect(button('Move Synthetic Oil Change down')).toBeEnabled();
    expect(button('Move Battery Service up')).toBeEnabled();
    expect(button('Move Battery Service down')).toBeDisabled();
  });

  it('disables both moves for a single service', () => {
    setup([makeService('Basic Oil Change')]);
    expect(button('Move Basic Oil Change up')).toBeDisabled();
    expect(button('Move Basic Oil Change down')).toBeDisabled();
  });

  it('lists services in the order given, with their positions', () => {
    setup();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Basic Oil Change', 'Synthetic Oil Change', 'Battery Service']);
    expect(screen.getByText('Position 2 of 3')).toBeInTheDocument();
  });

  it('reports which service moves, in which direction, from where', async () => {
    const { user, onMove, onEdit, onDelete } = setup();
    await user.click(button('Move Synthetic Oil Change up'));
    expect(onMove).toHaveBeenCalledWith(services[1], 'up', 1);
    await user.click(button('Move Synthetic Oil Change down'));
    expect(onMove).toHaveBeenLastCalledWith(services[1], 'down', 1);
    await user.click(button('Edit Battery Service'));
    expect(onEdit).toHaveBeenCalledWith(services[2]);
    await user.click(button('Delete Battery Service'));
    expect(onDelete).toHaveBeenCalledWith(services[2]);
  });
});
