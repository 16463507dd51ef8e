// Which carrier this configuration ships with (ADR 0086, ADR 0091): Shippo when its key is set,
// the offline carrier in test mode, none beside a real payment provider without a carrier key.
import { type Carrier, type CarrierSettings, carrierProviderName } from "./carriers";
import { offlineCarrier } from "./offline-carrier";
import { shippoCarrier } from "./shippo.server";

export function chooseCarrier(settings: CarrierSettings & { PAYMENT_CURRENCY?: string }): Carrier | null {
  switch (carrierProviderName(settings)) {
    case "shippo":
      return shippoCarrier(settings, settings.PAYMENT_CURRENCY ?? "usd");
    case "offline":
      return offlineCarrier();
    case null:
      return null;
  }
}
