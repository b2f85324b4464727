import { z } from 'zod'
import { defineResource, optionalText, requiredText } from '../resource.ts'
import { imageLocation, markdownBody, textList } from './content-schemas.ts'

/** A blog post (spec: admin-console-part-2 §3 "Blog"). */
export const Blog = z.object({
  id: z.number().int(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  keywords: z.array(z.string()),
  blog_image: z.string(),
  blog_image_alt: z.string(),
  body: z.string(),
})
export type Blog = z.infer<typeof Blog>

export const BlogInput = z.object({
  title: requiredText('Title is required', 200),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  keywords: textList(),
  blog_image: imageLocation(),
  blog_image_alt: optionalText(300),
  body: markdownBody(),
})
export type BlogInput = z.input<typeof BlogInput>

/** Blogs: /blogs, /blogs/new, /blogs/{id} (spec: admin-console-part-2 §2, §3, §8). */
export const blogsResource = defineResource({
  name: 'blog',
  api: '/api/blogs',
  page: '/blogs',
  screen: '/blogs',
  key: 'id',
  record: Blog,
  create: BlogInput,
  labels: {
    singular: 'Blog',
    plural: 'Blogs',
    create: 'New Blog',
    edit: 'Edit Blog',
    description: 'Posts of the website’s blog.',
  },
  fields: [
    { key: 'title', label: 'Title', kind: 'text', required: true, max: 200 },
    { key: 'meta_title', label: 'Meta Title', kind: 'text', max: 200 },
    { key: 'meta_description', label: 'Meta Description', kind: 'textarea', max: 500 },
    { key: 'keywords', label: 'Keywords', kind: 'tags', deprecated: true },
    { key: 'blog_image', label: 'Blog Image', kind: 'image' },
    { key: 'blog_image_alt', label: 'Blog Image Alt Text', kind: 'text', max: 300 },
    { key: 'body', label: 'Body', kind: 'markdown' },
  ],
  columns: [
    { kind: 'position', label: '#' },
    { key: 'title', label: 'Title' },
    { key: 'meta_description', label: 'Meta Description', kind: 'excerpt' },
    { key: 'blog_image', label: 'Image', kind: 'thumbnail' },
  ],
  messages: {
    notFound: 'Blog not found',
    createFailed: 'Failed to create contents.',
    updateFailed: 'Failed to update contents.',
    saved: 'Data saved successfully',
    deleted: 'Blog deleted',
    deleteFailed: 'Failed to delete blog.',
    confirmDelete: 'Are you sure you want to delete this blog?',
  },
  example: {
    title: 'How to pack a 10x10 unit',
    meta_title: 'Packing a 10x10 Storage Unit',
    body: '1. Heavy boxes first\n2. ~~Stack sofas on end~~ Keep sofas flat',
  },
  public: { fields: ['id', 'title', 'meta_title', 'meta_description', 'blog_image', 'blog_image_alt', 'body'] },
})
