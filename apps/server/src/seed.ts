// First-start data: the five built-in services and the default business profile and hours,
// written through the owning features. Idempotent: rows that exist are skipped, so a restart
// never overwrites an admin's edits.
import { addBusinessDefaults } from './features/business/service.ts';
import { addBuiltInServices } from './features/services/service.ts';
import type { Executor } from './db/client.ts';

export const BUILT_IN_SERVICES = [
  {
    id: 'basic-oil-change',
    includesOilChange: true,
    intervalMiles: 3000,
    intervalMonths: 3,
    name: 'Basic Oil Change',
    icon: 'Droplets',
    description: 'Conventional oil and a new filter, done in your driveway.',
    priceCents: 4999,
    duration: '30-45 minutes',
    includes: [
      'Up to 5 quarts conventional oil',
      'Oil filter replacement',
      'Fluid level check',
      'Tire pressure check',
    ],
  },
  {
    id: 'synthetic-oil-change',
    includesOilChange: true,
    intervalMiles: 7500,
    intervalMonths: 6,
    name: 'Synthetic Oil Change',
    icon: 'Filter',
    description: 'Full synthetic oil for longer intervals and better engine protection.',
    priceCents: 7999,
    duration: '30-45 minutes',
    includes: [
      'Up to 5 quarts synthetic oil',
      'Premium filter',
      'Fluid check',
      'Tire pressure check',
      'Multi-point inspection',
    ],
  },
  {
    id: 'high-mileage',
    includesOilChange: true,
    intervalMiles: 5000,
    intervalMonths: 6,
    name: 'High Mileage Service',
    icon: 'Gauge',
    description: 'Oil made to protect older engines, with a battery check on top.',
    priceCents: 8999,
    duration: '45-60 minutes',
    includes: [
      'For vehicles over 75,000 miles',
      'High mileage synthetic blend oil',
      'Premium filter',
      'Fluid check',
      'Tire pressure check',
      'Multi-point inspection',
      'Battery check',
    ],
  },
  {
    id: 'battery-service',
    includesOilChange: false,
    intervalMiles: null,
    intervalMonths: 12,
    name: 'Battery Service',
    icon: 'Battery',
    description: 'Make sure your car starts every morning, whatever the weather.',
    priceCents: 2999,
    duration: '30 minutes',
    includes: ['Battery test', 'Terminal cleaning', 'Connection check', 'Charging system test'],
  },
  {
    id: 'maintenance',
    includesOilChange: true,
    intervalMiles: 7500,
    intervalMonths: 6,
    name: 'Basic Maintenance',
    icon: 'Wrench',
    description: 'Our complete care package: oil, tires, brakes and a full inspection.',
    priceCents: 14999,
    duration: '60-90 minutes',
    includes: [
      'Synthetic oil change',
      'Tire rotation',
      'Brake inspection',
      'Filter checks',
      'Fluid top-offs',
      'Multi-point inspection',
    ],
  },
] as const;

const DEFAULT_BUSINESS_PROFILE = {
  name: 'Pitstop',
  phone: '(555) 010-4477',
  email: 'support@pitstop.example',
};

export async function seedDatabase(db: Executor): Promise<void> {
  await addBuiltInServices(
    db,
    BUILT_IN_SERVICES.map((service) => ({ ...service, includes: [...service.includes] })),
  );
  await addBusinessDefaults(db, DEFAULT_BUSINESS_PROFILE);
}
