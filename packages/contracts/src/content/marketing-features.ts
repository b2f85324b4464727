import { z } from 'zod'
import { defineResource, requiredText } from '../resource.ts'

/** A marketing feature (spec: admin-console-part-2 §3): a selling point the website lists, by name. */
export const MarketingFeature = z.object({ id: z.number().int(), name: z.string() })
export type MarketingFeature = z.infer<typeof MarketingFeature>

export const MarketingFeatureInput = z.object({ name: requiredText('Name is required', 100) })
export type MarketingFeatureInput = z.input<typeof MarketingFeatureInput>

/** The screen's own texts (spec: admin-console-part-2 §8): failures show the server's message, else these. */
export const MARKETING_FEATURE_MESSAGES = {
  fetchFailed: 'Error occurred while fetching marketing features',
  createFailed: 'Error occurred while creating new marketing feature',
} as const

/** Create and edit in a modal (spec: §2, §7, §8); the `?marketing_featureId=` delete is written by hand. */
export const marketingFeaturesResource = defineResource({
  name: 'marketing_feature',
  api: '/api/marketing_features',
  page: '/marketing-features',
  screen: '/marketing-features',
  key: 'id',
  record: MarketingFeature,
  create: MarketingFeatureInput,
  labels: {
    singular: 'Marketing feature',
    plural: 'Marketing Features',
    create: 'Create',
    edit: 'Edit Marketing Feature',
    description: 'Selling points the website shows with facilities, such as climate control or 24-hour access.',
  },
  fields: [{ key: 'name', label: 'Name', kind: 'text', required: true, max: 100 }],
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'name', label: 'Name' },
  ],
  messages: {
    notFound: 'Marketing feature not found',
    createFailed: MARKETING_FEATURE_MESSAGES.createFailed,
    updateFailed: 'Failed to save data',
    saved: 'Data saved successfully',
    deleted: 'Marketing feature deleted',
    deleteFailed: 'Failed to delete marketing feature',
    confirmDelete: 'Are you sure you want to delete this marketing feature?',
  },
  example: { name: 'Wine Cellar Units' },
  public: { fields: ['id', 'name'] },
})
