import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { ReviewTemplatesService } from './review-templates.service.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

/** The API role's review grids: building, reading, reviewing and exporting them. */
@Module({
  imports: [ProjectsModule],
  controllers: [ReviewsController],
  providers: [ReviewsService, ReviewTemplatesService],
})
export class ReviewsModule {}
