import type { Database } from '../client';
import type { Random } from './random';

export async function seedDeliveryReports(_db: Database, _random: Random, _today: Date, _scale: number): Promise<Record<string, number>> {
  return {};
}
