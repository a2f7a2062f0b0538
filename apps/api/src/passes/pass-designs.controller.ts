import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreatePassDesignBody, PassDesignPath, PassDesignsQuery, UpdatePassDesignBody, type PassDesignView } from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { CreatePassDesignCommand, DeletePassDesignCommand, GetPassDesign, ListPassDesigns, UpdatePassDesignCommand } from './pass-designs.handlers';

const path = new ZodValidationPipe(PassDesignPath, 'path');

/** Pass designs for a loyalty programme's cards, a promo campaign's codes or an event page's tickets. */
@Controller('api/v1/passes/designs')
@ReadModels(...CALLER_ROLES, 'passes', 'loyalty', 'promo-campaigns', 'pages', 'page_event_data')
@UseGuards(AuthenticationGuard)
export class PassDesignsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(PassDesignsQuery, 'query')) query: PassDesignsQuery): Promise<PassDesignView[]> {
    return this.queries.execute(new ListPassDesigns(caller, query));
  }

  @Get(':design_id')
  get(@CurrentCaller() caller: Caller, @Param(path) { design_id }: PassDesignPath): Promise<PassDesignView> {
    return this.queries.execute(new GetPassDesign(caller, design_id));
  }

  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreatePassDesignBody, 'body')) body: CreatePassDesignBody): Promise<PassDesignView> {
    return this.commands.execute(new CreatePassDesignCommand(caller, body));
  }

  @Put(':design_id')
  update(
    @CurrentCaller() caller: Caller,
    @Param(path) { design_id }: PassDesignPath,
    @Body(new ZodValidationPipe(UpdatePassDesignBody, 'body')) body: UpdatePassDesignBody,
  ): Promise<PassDesignView> {
    return this.commands.execute(new UpdatePassDesignCommand(caller, design_id, body));
  }

  @Delete(':design_id')
  @HttpCode(204)
  async delete(@CurrentCaller() caller: Caller, @Param(path) { design_id }: PassDesignPath): Promise<void> {
    await this.commands.execute(new DeletePassDesignCommand(caller, design_id));
  }
}
