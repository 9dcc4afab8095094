CREATE TABLE "daily_prices" (
	"source" text NOT NULL,
	"coin_id" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"price" numeric NOT NULL,
	CONSTRAINT "daily_prices_source_coin_id_day_currency_pk" PRIMARY KEY("source","coin_id","day","currency")
);
