import { z } from 'zod';

export const ProjectionHealth = z.object({
  name: z.string(),
  generation: z.number().int(),
  status: z.enum(['building', 'live', 'retired']),
  events_processed: z.number().int(),
  lag_events: z.number().int().meta({ description: 'Events of its types appended past its checkpoint.' }),
  lag_seconds: z.number().meta({ description: 'Age of the oldest event it has not processed yet; 0 when caught up.' }),
});

export const RelayHealth = z.object({
  topic: z.string(),
  status: z.enum(['publishing', 'retrying']).meta({ description: 'retrying: the broker does not acknowledge; events wait in the store and scans go on.' }),
  events_published: z.number().int(),
  lag_events: z.number().int().meta({ description: 'Events appended past what the broker acknowledged.' }),
  lag_seconds: z.number().meta({ description: 'Age of the oldest event not yet published; 0 when caught up.' }),
  last_error: z.string().optional(),
});

export const WorkerProjectionHealth = z.object({
  name: z.string(),
  generation: z.number().int(),
  status: z.enum(['building', 'live']),
  events_processed: z.number().int(),
  partitions: z
    .array(z.object({ topic: z.string(), partition: z.number().int(), next_offset: z.number().int() }))
    .meta({ description: 'Per partition of the topic, the next message offset the workers will apply.' }),
  last_applied_at: z.string().nullable().meta({ description: 'When a worker last stored a batch; null before the first.' }),
});

export const HealthView = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    database: z.object({ status: z.enum(['up', 'down']), kind: z.enum(['pglite', 'postgres']) }),
    projections: z.array(ProjectionHealth),
    workers: z
      .array(WorkerProjectionHealth)
      .optional()
      .meta({ description: 'With KAFKA_BROKERS: the projections workers (`npm run projections`) run, from what they stored; the API does not run them.' }),
    relay: RelayHealth.optional().meta({ description: 'The Kafka relay, when KAFKA_BROKERS is set. A broker outage does not make the server unhealthy.' }),
  })
  .meta({ id: 'Health' });
export type HealthView = z.infer<typeof HealthView>;
