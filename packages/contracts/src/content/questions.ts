import { z } from 'zod'
import { defineResource, requiredText } from '../resource.ts'
import { requiredMarkdown } from './content-schemas.ts'

/** A frequently asked question (spec: admin-console-part-2 §3 "Question"). */
export const Question = z.object({ id: z.number().int(), question: z.string(), answer: z.string() })
export type Question = z.infer<typeof Question>

export const QuestionInput = z.object({
  question: requiredText('Question is required', 500),
  answer: requiredMarkdown('Answer is required', 20_000),
})
export type QuestionInput = z.input<typeof QuestionInput>

/** Listed on /faq beside the library (spec: admin-console-part-2 §2, §3, §8). */
export const questionsResource = defineResource({
  name: 'question',
  api: '/api/questions',
  page: '/faq',
  screen: '/faq/questions',
  listScreen: '/faq',
  key: 'id',
  record: Question,
  create: QuestionInput,
  labels: {
    singular: 'Question',
    plural: 'Questions',
    create: 'New Question',
    edit: 'Edit Question',
    description: 'Questions and answers on the website’s FAQ page.',
  },
  fields: [
    { key: 'question', label: 'Question', kind: 'text', required: true, max: 500 },
    { key: 'answer', label: 'Answer', kind: 'markdown', required: true },
  ],
  columns: [
    { kind: 'position', label: '#' },
    { key: 'question', label: 'Question' },
    { key: 'answer', label: 'Answer', kind: 'excerpt' },
  ],
  messages: {
    notFound: 'Question not found',
    createFailed: 'Failed to create contents.',
    updateFailed: 'Failed to update contents.',
    saved: 'Data saved successfully',
    deleted: 'Question deleted',
    deleteFailed: 'Failed to delete question.',
    confirmDelete: 'Are you sure you want to delete this question?',
  },
  example: {
    question: 'Can I store a vehicle?',
    answer: 'Yes: cars, boats and RVs in **parking spaces** at most facilities.',
  },
  public: { fields: ['id', 'question', 'answer'] },
})
