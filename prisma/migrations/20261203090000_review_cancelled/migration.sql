-- A review its owner cancelled: queued ones never run, running ones stop at the next node.
ALTER TYPE "ReviewStatus" ADD VALUE IF NOT EXISTS 'CANCELLED';
